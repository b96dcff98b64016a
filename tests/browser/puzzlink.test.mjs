// The puzzlink format (docs/formats.md) against pzprjs itself (npm pzpr, a dev dependency of
// this directory), on boards made by `numberlink generate` (one layer, no blocked cells, seeded):
//  (a) a URL pzpr writes for our puzzle (given to pzpr as a pzprv3 file built here) is read by
//      numberlink as the same puzzle, from a file and as a command-line argument;
//  (b) the URL numberlink writes is the one pzpr writes, and pzpr opens it as the same puzzle;
//  (c) numberlink's solution, drawn into pzpr's board as the lines of a pzprv3 file, passes
//      pzpr's own check(); a solution with one line removed does not (so the check looks).
// Labels: generate names them by letters, and numberlink numbers them 1, 2, ... in label order
// (docs/formats.md), which is how the pzprv3 files here number them too.
//
// Environment: NUMBERLINK_BUILD_DIR (default build/), NUMBERLINK_BINARY (default
// BUILD/numberlink). Skipped, with the reason, when node_modules has no pzpr (run npm ci here).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const buildDir = path.resolve(process.env.NUMBERLINK_BUILD_DIR ?? path.join(repo, 'build'));
const binary = process.env.NUMBERLINK_BINARY ?? path.join(buildDir, 'numberlink');

let pzpr = null;
let missing = '';
try {
  pzpr = createRequire(path.join(here, 'package.json'))('pzpr');
} catch (e) {
  missing = `pzpr is not installed (cd tests/browser && npm ci): ${e.message.split('\n')[0]}`;
}

function numberlink(args) {
  return execFileSync(binary, args, {encoding: 'utf8', maxBuffer: 1 << 28});
}

const jsonLines = (text) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

// Several seeded batches: small and large boards, few and many paths (16 and more labels make
// the two-digit numbers "-XX").
const BATCHES = [
  ['--size', '4x3', '--count', '60', '--seed', '11'],
  ['--size', '7x7', '--count', '80', '--seed', '12'],
  ['--size', '10x6', '--count', '80', '--seed', '13'],
  ['--size', '13x11', '--count', '40', '--seed', '14'],
  ['--size', '20x20', '--count', '20', '--seed', '15', '--min-paths', '20'],
];

let cached = null;
function boards() {
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlink-'));
  cached = [];
  for (const batch of BATCHES) {
    const text = numberlink(['generate', ...batch, '--no-blocked', '--output', 'json', '--quiet']);
    for (const board of jsonLines(text)) cached.push(board);
  }
  const file = path.join(dir, 'boards.jsonl');
  fs.writeFileSync(file, cached.map((b) => JSON.stringify({...b, paths: undefined, grid: undefined})).join('\n') + '\n');
  cached.file = file;
  cached.dir = dir;
  return cached;
}

// number (1-based label index) -> sorted ends "x,y x,y", of a JSON puzzle record.
function endsByNumber(record, numberOf = (label, k) => k + 1) {
  const out = new Map();
  record.labels.forEach((label, k) => {
    out.set(String(numberOf(label, k)), label.ends.map(([x, y]) => `${x},${y}`).sort().join(' '));
  });
  return out;
}

// The same of a pzpr board: its cells' numbers.
function endsOfPzpr(puzzle) {
  const cells = new Map();
  // board.cell is pzpr's own list class: indexed, not iterable.
  for (let i = 0; i < puzzle.board.cell.length; ++i) {
    const c = puzzle.board.cell[i];
    if (c.qnum === -1) continue;
    const key = String(c.qnum);
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key).push(`${(c.bx - 1) / 2},${(c.by - 1) / 2}`);
  }
  return new Map([...cells].map(([k, v]) => [k, v.sort().join(' ')]));
}

// A pzprv3 file (the layout pzpr's getFileData writes): rows, columns, the cells, then the lines
// crossing the borders between horizontal neighbours and between vertical neighbours.
function pzprv3(record, paths = null) {
  const {width: w, height: h} = record;
  const grid = Array.from({length: h}, () => Array(w).fill('.'));
  record.labels.forEach((label, k) => label.ends.forEach(([x, y]) => { grid[y][x] = String(k + 1); }));
  const across = Array.from({length: h}, () => Array(w - 1).fill(0));
  const down = Array.from({length: h - 1}, () => Array(w).fill(0));
  for (const cells of Object.values(paths ?? {})) {
    for (let i = 1; i < cells.length; ++i) {
      const [[x0, y0], [x1, y1]] = [cells[i - 1], cells[i]];
      if (y0 === y1) across[y0][Math.min(x0, x1)] = 1;
      else down[Math.min(y0, y1)][x0] = 1;
    }
  }
  const rows = (m) => m.map((r) => r.map((v) => `${v} `).join(''));
  return ['pzprv3', 'numlin', h, w, ...rows(grid), ...rows(across), ...rows(down), ''].join('\n');
}

const open = (text) => new pzpr.Puzzle().open(text);

test('(a) URLs pzpr writes read as the same puzzles', {skip: missing || false}, () => {
  const all = boards();
  const urls = all.map((b) => open(pzprv3(b)).getURL());
  assert.match(urls[0], /^http:\/\/pzv\.jp\/p\.html\?numlin\/4\/3\//);
  const file = path.join(all.dir, 'pzpr-urls.txt');
  fs.writeFileSync(file, urls.join('\n') + '\n');
  const read = jsonLines(numberlink(['info', '--output', 'json', file]));
  assert.equal(read.length, all.length);
  read.forEach((r, k) => {
    assert.equal(r.width, all[k].width, urls[k]);
    assert.equal(r.height, all[k].height, urls[k]);
    assert.equal(r.rules, 'nikoli');
    assert.deepEqual(endsByNumber(r, (label) => label.name), endsByNumber(all[k]), urls[k]);
  });
  // The URL as the argument itself, in pzpr's form and in puzz.link's.
  for (const [k, url] of [[0, urls[0]], [1, urls[1].replace('http://pzv.jp/p.html?', 'https://puzz.link/p?')]]) {
    const [r] = jsonLines(numberlink(['info', '--output', 'json', url]));
    assert.equal(r.name, 'puzz.link:1');
    assert.deepEqual(endsByNumber(r, (label) => label.name), endsByNumber(all[k]), url);
  }
});

test('(b) URLs numberlink writes are the ones pzpr writes, and open in pzpr', {skip: missing || false}, () => {
  const all = boards();
  const ours = numberlink(['convert', '--to', 'puzzlink', all.file]).trimEnd().split('\n');
  assert.equal(ours.length, all.length);
  assert.ok(all.length >= 250, `${all.length} boards`);
  // Two-digit numbers and the longest run of empty cells are among them.
  assert.ok(ours.some((url) => /-[0-9a-f]{2}/.test(url)));
  assert.ok(ours.some((url) => url.includes('z')));
  ours.forEach((url, k) => {
    assert.match(url, /^https:\/\/puzz\.link\/p\?numlin\//);
    const puzzle = open(url);
    assert.equal(puzzle.pid, 'numlin');
    assert.equal(puzzle.board.cols, all[k].width, url);
    assert.equal(puzzle.board.rows, all[k].height, url);
    assert.deepEqual(endsOfPzpr(puzzle), endsByNumber(all[k]), url);
    // pzpr's own encoder, from the board it just read, gives the same body.
    assert.equal(puzzle.getURL().replace('http://pzv.jp/p.html?', 'https://puzz.link/p?'), url);
  });
});

test('(c) numberlink solutions pass pzpr check()', {skip: missing || false}, () => {
  const all = boards();
  const urls = path.join(all.dir, 'ours.txt');
  fs.writeFileSync(urls, numberlink(['convert', '--to', 'puzzlink', all.file]));
  const solved = jsonLines(numberlink(['solve', '--output', 'json', urls]));
  assert.equal(solved.length, all.length);
  let broken = 0, unfilled = 0;
  solved.forEach((s, k) => {
    assert.equal(s.status, 'solved', s.name);
    // Read from a URL, the puzzle is solved under nikoli rules, which may leave cells empty:
    // pzpr's numlin check does not ask for every cell to be filled.
    if (s.grid.some((row) => row.includes('.'))) unfilled += 1;
    const record = all[k];
    const paths = s.paths;
    const verdict = open(pzprv3(record, paths)).check(true);
    assert.equal(verdict.complete, true, `${s.name}: ${verdict.text}`);
    // Without the first label's line, pzpr must object.
    const firstLine = Object.keys(paths)[0];
    const {[firstLine]: _dropped, ...rest} = paths;
    const without = open(pzprv3(record, rest)).check(true);
    assert.equal(without.complete, false, `${s.name}: a missing line passed pzpr's check`);
    broken += 1;
  });
  assert.equal(broken, all.length);
  assert.ok(unfilled > all.length / 2, `only ${unfilled} solutions leave a cell empty`);
});
