// Browser test of the editor page (docs/editor.md): Debian's chromium, driven by
// playwright-core, uses the page served by `numberlink serve --port 0` as a person would, by
// clicks and keys, and reads what the page shows.
//
// It draws the 5x5 puzzle of puzzles/ascii/five.txt by clicks and expects "unique" with the
// solution the docs print for it; erases one label, which leaves two solutions, and expects
// "multiple" with a second solution drawn beside the first; undoes by keyboard; imports the level
// pack puzzles/levelpack/pack.txt through the file chooser and checks its ends against the file;
// and exports an SVG picture, checking that the download is an SVG of that board. A screenshot of
// each state goes to BUILD/browser/ for review. A second server with a short time limit is asked
// about arukone inputs9 #16 under flow rules (from the corpus; skipped without it), a check that
// stops before a verdict, and the page must draw the solution found and say uniqueness is open.
//
// Environment: NUMBERLINK_BUILD_DIR (default build/), NUMBERLINK_BINARY (default
// BUILD/numberlink), NUMBERLINK_CHROMIUM (default /usr/bin/chromium). Skipped, with the reason,
// only when Chromium cannot be started. Every wait is for something the page shows (a selector,
// a text, a download), never a fixed delay.

import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from 'playwright-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.resolve(process.env.NUMBERLINK_BUILD_DIR ?? path.join(repo, 'build'));
const binary = process.env.NUMBERLINK_BINARY ?? path.join(buildDir, 'numberlink');
const shots = path.join(buildDir, 'browser');
const CHROMIUM = process.env.NUMBERLINK_CHROMIUM ?? '/usr/bin/chromium';

// Starts `numberlink serve --port 0` and resolves with the address from its first line.
function startServer(extraArgs = []) {
  const server = spawn(binary, ['serve', '--port', '0', ...extraArgs], {stdio: ['ignore', 'pipe', 'pipe']});
  // Whatever happens to the test, the server does not outlive it.
  process.on('exit', () => server.kill('SIGKILL'));
  let stderr = '';
  server.stderr.on('data', (chunk) => { stderr += chunk; });
  const address = new Promise((resolve, reject) => {
    let stdout = '';
    server.stdout.on('data', (chunk) => {
      stdout += chunk;
      const found = stdout.match(/listening on (http:\/\/\S+\/)/);
      if (found) resolve(found[1]);
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`numberlink serve exited (${code}) before listening: ${stderr}`)));
  });
  return {server, address};
}

async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

const cell = (x, y) => `#board .cell[data-x="${x}"][data-y="${y}"]`;

// Applies a new size through the Board controls and waits for the board to be redrawn.
async function setBoardSize(page, width, height) {
  await page.fill('#board-width', String(width));
  await page.fill('#board-height', String(height));
  await page.click('#resize');
  await page.waitForSelector(`#board[data-width="${width}"][data-height="${height}"]`);
  await page.click('#clear');
}

// label -> stroke of its pipe in an SVG picture that `render` or the export wrote.
function pipeColours(svg) {
  return new Map([...svg.matchAll(/<path class="pipe" data-label="([^"]+)"[^>]* stroke="(#[0-9a-f]{6})"/g)]
    .map((m) => [m[1], m[2]]));
}

// xterm's 256 colours from 16 on: a 6x6x6 cube, then 24 greys.
function xtermRgb(index) {
  if (index >= 232) return Array(3).fill(8 + 10 * (index - 232));
  const level = (v) => (v === 0 ? 0 : 55 + 40 * v);
  const k = index - 16;
  return [level(Math.floor(k / 36)), level(Math.floor(k / 6) % 6), level(k % 6)];
}

// label -> [r, g, b] of its cells' background in a grid printed with --color always; every
// cell of a label must have the same.
function terminalColours(text) {
  const out = new Map();
  for (const m of text.matchAll(/\x1b\[(?:30|97);48;5;(\d+)m(\w)\x1b\[0m/g)) {
    const rgb = xtermRgb(Number(m[1]));
    if (out.has(m[2])) assert.deepEqual(out.get(m[2]), rgb, `label ${m[2]} has two colours in the terminal`);
    out.set(m[2], rgb);
  }
  return out;
}

const hexRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const rgbDistance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// Red, green, blue and yellow as anybody names them: hue ranges in degrees (HSV), and enough
// saturation to be called by the hue's name.
const NAMED_HUES = {R: {name: 'red', from: 345, to: 15}, G: {name: 'green', from: 90, to: 170},
  B: {name: 'blue', from: 200, to: 260}, Y: {name: 'yellow', from: 45, to: 65}};
function inHues([r, g, b], {from, to}) {
  const hi = Math.max(r, g, b), lo = Math.min(r, g, b), d = hi - lo;
  if (d === 0 || d / hi < 0.4) return false;
  const h = 60 * (hi === r ? ((g - b) / d + 6) % 6 : hi === g ? (b - r) / d + 2 : (r - g) / d + 4);
  return from <= to ? h >= from && h <= to : h >= from || h <= to;
}

// cell "x,y" -> the cells next to it along its path ("x,y" each), from a drawn board's path
// lines (draw.js: cells of 36 px after a margin of 16).
async function drawnLinks(page, svg) {
  const lines = await page.$$eval(`${svg} .path`, (nodes) => nodes.map((n) => n.getAttribute('points')));
  const links = new Map();
  for (const points of lines) {
    const cells = points.trim().split(/\s+/).map((p) => p.split(',').map((v) => Math.floor((Number(v) - 16) / 36)).join(','));
    cells.forEach((c, i) => {
      if (!links.has(c)) links.set(c, new Set());
      for (const n of [cells[i - 1], cells[i + 1]]) if (n) links.get(c).add(n);
    });
  }
  return links;
}

// The label drawn on each cell of a board (data-path), row by row.
async function drawnGrid(page, svg, width, height) {
  return page.$$eval(`${svg} .cell`, (cells, [w, h]) => {
    const grid = Array.from({length: h}, () => Array(w).fill('.'));
    for (const c of cells) grid[Number(c.dataset.y)][Number(c.dataset.x)] = c.dataset.path ?? '.';
    return grid.map((row) => row.join(''));
  }, [width, height]);
}

let browser = null;
let launchError = null;
try {
  browser = await chromium.launch({executablePath: CHROMIUM, headless: true});
} catch (error) {
  launchError = error;
}

const servers = [];
after(async () => {
  if (browser) await browser.close();
  for (const server of servers) await stopServer(server);
});

test('the editor page', async (t) => {
  if (!browser) {
    t.skip(`chromium cannot start: ${String(launchError?.message ?? launchError).split('\n')[0]}`);
    return;
  }
  fs.mkdirSync(shots, {recursive: true});
  const {server, address} = startServer();
  servers.push(server);
  const url = await address;

  const context = await browser.newContext({viewport: {width: 1180, height: 760}, acceptDownloads: true});
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForSelector(cell(4, 4));

  await t.test('draws a 5x5 puzzle by clicks and sees unique', async () => {
    // puzzles/ascii/five.txt: R...G / ..... / .Y... / ..B.. / B.YRG, drawn as labels A to D:
    // each label is two clicks, and the page moves on to the next label by itself.
    for (const [x, y] of [[0, 0], [3, 4], [4, 0], [4, 4], [1, 2], [2, 4], [2, 3], [0, 4]])
      await page.click(cell(x, y));
    await page.waitForSelector('#verdict[data-verdict="unique"]');
    assert.match(await page.textContent('#verdict'), /unique/);
    assert.match(await page.textContent('#verdict-time'), /\d+ ms/);
    // The solution docs/json.md prints for five.txt (R, G, Y, B are our A, B, C, D).
    assert.deepEqual(await drawnGrid(page, '#board', 5, 5), ['AAAAB', 'DDDAB', 'DCDAB', 'DCDAB', 'DCCAB']);
    assert.equal(await page.isHidden('#second-figure'), true);
    await page.screenshot({path: path.join(shots, '1-unique.png')});
  });

  await t.test('erasing a label leaves two solutions: multiple, the second drawn beside', async () => {
    await page.click('#tool-erase');
    await page.click(cell(1, 2));
    await page.click(cell(2, 4));
    await page.waitForSelector('#verdict[data-verdict="multiple"]');
    await page.waitForSelector('#second-figure:not([hidden]) #second .path');
    const first = await drawnGrid(page, '#board', 5, 5);
    const second = await drawnGrid(page, '#second', 5, 5);
    // Both are full colourings with labels A, B, D only (flow rules fill every cell), and they
    // are not the same: two solutions of the same ends.
    for (const grid of [first, second]) assert.match(grid.join(''), /^[ABD]{25}$/);
    assert.notDeepEqual(first, second);
    // Every cell where the two colourings differ is marked, on both boards.
    const differing = [];
    for (let y = 0; y < 5; ++y)
      for (let x = 0; x < 5; ++x) if (first[y][x] !== second[y][x]) differing.push(`${x},${y}`);
    for (const svg of ['#board', '#second']) {
      const marked = await page.$$eval(`${svg} .differing`, (nodes) => nodes.map((n) => `${n.dataset.x},${n.dataset.y}`));
      for (const c of differing) assert.ok(marked.includes(c), `${svg}: cell ${c} differs but is not marked`);
    }
    await page.screenshot({path: path.join(shots, '2-multiple.png')});
  });

  await t.test('Ctrl-Z undoes the erasures, Ctrl-Y redoes one', async () => {
    await page.keyboard.press('Control+z');
    await page.waitForSelector('#verdict[data-verdict="incomplete"]');
    await page.keyboard.press('Control+z');
    await page.waitForSelector('#verdict[data-verdict="unique"]');
    await page.keyboard.press('Control+y');
    await page.waitForSelector('#verdict[data-verdict="incomplete"]');
    assert.match(await page.textContent('#verdict'), /label C needs a second end/);
    await page.click('#undo');
    await page.waitForSelector('#verdict[data-verdict="unique"]');
  });

  const packFile = path.join(repo, 'puzzles/levelpack/pack.txt');
  await t.test('imports a level pack file', async () => {
    await page.setInputFiles('#import-file', packFile);
    await page.waitForSelector('#board[data-width="5"][data-height="5"] .end[data-label="3"]');
    await page.waitForSelector('#verdict[data-verdict="unique"]');
    // Its first line: "5,0,1,4;path;path;...": cells numbered row by row; a path's first and
    // last cells are its label's ends; labels are named 0, 1, ... in order.
    const [header, ...groups] = fs.readFileSync(packFile, 'utf8').split('\n')[0].split(';');
    const width = Number(header.split(',')[0]);
    const expected = groups.flatMap((group, label) => {
      const cells = group.split(',').map(Number);
      return [cells[0], cells.at(-1)].map((n) => `${label}@${n % width},${Math.floor(n / width)}`);
    }).sort();
    const drawn = await page.$$eval('#board .end', (ends) =>
      ends.map((e) => `${e.dataset.label}@${e.dataset.x},${e.dataset.y}`));
    assert.deepEqual(drawn.sort(), expected);
    // The pack holds two puzzles; the picker offers both, and the page names the file.
    assert.equal(await page.locator('#import-pick option').count(), 2);
    assert.equal(await page.textContent('#message'), 'pack.txt (1 of 2)');
    await page.screenshot({path: path.join(shots, '3-import.png')});
  });

  await t.test('exports an SVG picture of the board', async () => {
    await page.selectOption('#export-format', 'svg');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    assert.match(download.suggestedFilename(), /\.svg$/);
    const svg = fs.readFileSync(await download.path(), 'utf8');
    fs.writeFileSync(path.join(shots, 'export.svg'), svg);
    assert.match(svg, /^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    assert.match(svg, /<\/svg>\s*$/);
    // A square board of the pack's first puzzle, with the four paths of its solution.
    const board = svg.match(/class="board"[^>]*width="([\d.]+)" height="([\d.]+)"/);
    assert.ok(board, 'the picture has a board');
    assert.equal(board[1], board[2]);
    const pipes = [...svg.matchAll(/class="pipe" data-label="([^"]+)"/g)].map((m) => m[1]).sort();
    assert.deepEqual(pipes, ['0', '1', '2', '3']);
    await page.screenshot({path: path.join(shots, '4-export.png')});
  });

  await t.test('a file of one puzzle is named after the file alone', async () => {
    await page.setInputFiles('#import-file', path.join(repo, 'puzzles/ascii/five.txt'));
    await page.waitForSelector('#board .end[data-label="R"]');
    await page.waitForSelector('#verdict[data-verdict="unique"]');
    assert.equal(await page.textContent('#message'), 'five.txt');
    assert.equal(await page.isHidden('#import-picker'), true);
  });

  await t.test('each label has one colour in the editor, its export, render and the terminal', async () => {
    // puzzles/ascii/five.txt (labels R, G, Y, B) is on the page with its solution drawn.
    const editor = await page.$$eval('#board .end', (ends) => ends.map((e) => [e.dataset.label, e.getAttribute('fill')]));
    const strokes = await page.$$eval('#board .path', (paths) => paths.map((e) => [e.dataset.label, e.getAttribute('stroke')]));
    const colours = new Map(editor);
    assert.equal(colours.size, 4);
    for (const [label, stroke] of strokes) assert.equal(stroke, colours.get(label), `label ${label}: end and path`);

    await page.selectOption('#export-format', 'svg');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const exported = pipeColours(fs.readFileSync(await download.path(), 'utf8'));
    const rendered = pipeColours(execFileSync(binary, ['render', path.join(repo, 'puzzles/ascii/five.txt'),
      path.join(repo, 'puzzles/ascii/five.solution.txt')], {encoding: 'utf8'}));
    const terminal = terminalColours(execFileSync(binary, ['solve', '--color', 'always',
      path.join(repo, 'puzzles/ascii/five.txt')], {encoding: 'utf8'}));
    for (const label of ['R', 'G', 'Y', 'B']) {
      assert.equal(exported.get(label), colours.get(label), `label ${label}: the editor's export`);
      assert.equal(rendered.get(label), colours.get(label), `label ${label}: render`);
      // The terminal shows the nearest of its own colours: the same hue family, far nearer to
      // this label's colour than to any other label's.
      const shown = terminal.get(label);
      for (const other of ['R', 'G', 'Y', 'B'].filter((o) => o !== label))
        assert.ok(rgbDistance(shown, hexRgb(colours.get(label))) < rgbDistance(shown, hexRgb(colours.get(other))),
          `label ${label}: the terminal's colour is nearer ${other}'s`);
      for (const [where, rgb] of [['editor', hexRgb(colours.get(label))], ['terminal', shown]])
        assert.ok(inHues(rgb, NAMED_HUES[label]), `${label} in the ${where}: ${rgb} is not ${NAMED_HUES[label].name}`);
    }
  });

  await t.test('two solutions with the same colours: the cells their paths differ in are outlined', async () => {
    // A 3x3 board under flow rules with one label from corner to corner: every solution colours
    // all nine cells A, and there are several ways to wind through them.
    await setBoardSize(page, 3, 3);
    await page.selectOption('#rules', 'flow');
    await page.click('#tool-end');
    await page.click(cell(0, 0));
    await page.click(cell(2, 2));
    await page.waitForSelector('#verdict[data-verdict="multiple"]');
    await page.waitForSelector('#second-figure:not([hidden]) #second .path');
    assert.match(await page.textContent('#verdict'), /same colours, different paths/);
    assert.match(await page.textContent('#second-caption'), /same colour.*paths run differently are outlined/);
    // Which cells the drawn paths run through differently, worked out from the pictures.
    const first = await drawnLinks(page, '#board'), second = await drawnLinks(page, '#second');
    const expected = [...new Set([...first.keys(), ...second.keys()])]
      .filter((c) => [...(first.get(c) ?? [])].sort().join() !== [...(second.get(c) ?? [])].sort().join()).sort();
    assert.ok(expected.length > 0);
    for (const svg of ['#board', '#second']) {
      const marked = await page.$$eval(`${svg} .differing`, (nodes) => nodes.map((n) => `${n.dataset.x},${n.dataset.y}`));
      assert.deepEqual(marked.sort(), expected, `${svg}: the outlined cells`);
    }
    await page.screenshot({path: path.join(shots, '6-same-colours.png')});
  });

  await t.test('none says how it was proved', async () => {
    // 2x2, one label on two cells of one colour of the chequerboard: a path over all four cells
    // from black to black cannot exist (it alternates colours): the parity argument.
    await setBoardSize(page, 2, 2);
    await page.click(cell(0, 0));
    await page.click(cell(1, 1));
    await page.waitForSelector('#verdict[data-verdict="none"]');
    assert.match(await page.textContent('#verdict'), /^none: no solution \(parity: .+\)$/);
    // Under nikoli rules (cells may stay empty) it has a solution again.
    await page.selectOption('#rules', 'nikoli');
    await page.waitForSelector('#verdict[data-verdict="multiple"]');
    await page.selectOption('#rules', 'flow');
  });

  await t.test('a pasted puzz.link URL is read, and Share link gives one back', async () => {
    // puzzles/ascii/five.txt as pzprjs encodes it (the pzpr test, puzzlink.test.mjs, holds our
    // encoder to pzprjs's own): 5x5, labels numbered in order of first appearance, R=1 G=2 Y=3
    // B=4; '1' then 'i' (three empty cells), '2', 'l' (six), '3', ...
    const shared = 'https://puzz.link/p?numlin/5/5/1i2l3k4h4g312';
    await page.fill('#import-text', shared);
    await page.click('#import-button');
    await page.waitForSelector('#board[data-width="5"][data-height="5"] .end[data-label="4"]');
    const drawn = await page.$$eval('#board .end', (ends) =>
      ends.map((e) => `${e.dataset.label}@${e.dataset.x},${e.dataset.y}`));
    assert.deepEqual(drawn.sort(), ['1@0,0', '1@3,4', '2@4,0', '2@4,4', '3@1,2', '3@2,4', '4@0,4', '4@2,3']);
    await page.click('#share');
    await page.waitForSelector('#share-url:not([hidden])');
    assert.equal(await page.inputValue('#share-url'), shared);
    // A blocked cell is beyond a numlin URL: the reason, and no stale link.
    await page.click('#tool-block');
    await page.click(cell(2, 0));
    await page.click('#share');
    await page.waitForFunction(() => /blocked/i.test(document.querySelector('#message').textContent));
    assert.equal(await page.isHidden('#share-url'), true);
    await page.click('#tool-end');
  });

  await t.test('a 30x30 board fills the pane', async () => {
    await setBoardSize(page, 30, 30);
    await page.evaluate(() => window.scrollTo(0, 0));  // the clicks above scrolled to the buttons
    const box = await page.locator('#board').boundingBox();
    const pane = await page.$eval('#work', (w) => {
      const style = getComputedStyle(w);
      return w.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
    const height = page.viewportSize().height;
    // As wide as the pane, or as tall as the window leaves room for (its bottom on screen).
    assert.ok(box.width >= 0.95 * pane || (box.height >= 0.75 * height && box.y + box.height <= height),
      `a ${box.width.toFixed(0)} x ${box.height.toFixed(0)} board in a ${pane} px pane, window ${height} px high`);
    assert.ok(box.y >= 0 && box.y + box.height <= height, 'the whole board is on screen');
    await page.screenshot({path: path.join(shots, '7-large.png')});
  });

  assert.deepEqual(pageErrors, [], 'no script errors on the page');
  await context.close();
});

test('the editor in a narrow window', async (t) => {
  if (!browser) {
    t.skip(`chromium cannot start: ${String(launchError?.message ?? launchError).split('\n')[0]}`);
    return;
  }
  const {server, address} = startServer();
  servers.push(server);
  const context = await browser.newContext({viewport: {width: 400, height: 800}});
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(await address);
  await page.waitForSelector(cell(4, 4));
  // Nothing sticks out sideways: no horizontal scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
  // The board is on top, nearly the window's width, and the controls below it, not beside it.
  const board = await page.locator('#board').boundingBox();
  const controls = await page.locator('#controls').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 400, 'the board is inside the window');
  assert.ok(board.width >= 300, `the board is ${board.width} px wide`);
  assert.ok(controls.y >= board.y + board.height, 'the controls come after the board');
  for (const id of ['#solve', '#export', '#import-button', '#board-width'])
    assert.ok((await page.locator(id).boundingBox()).x + (await page.locator(id).boundingBox()).width <= 400, `${id} fits`);
  // It still works: a label by two clicks is checked.
  await page.click(cell(0, 0));
  await page.click(cell(4, 4));
  await page.waitForSelector('#verdict[data-verdict="multiple"]');
  // Both solutions, one above the other, each inside the window.
  const second = await page.locator('#second').boundingBox();
  assert.ok(second.y >= board.y + board.height && second.x + second.width <= 400, 'the second solution is below the first');
  await page.screenshot({path: path.join(shots, '8-narrow.png'), fullPage: true});
  assert.deepEqual(pageErrors, [], 'no script errors on the page');
  await context.close();
});

test('the editor colours labels by the library rule', async () => {
  // web/palette.js against the pictures `render` draws, on boards of every kind the rule tells
  // apart: Flow letters (upper and lower case), letters without R, and more labels than colours.
  const {labelColours} = await import('../../web/palette.js');
  const boards = [
    ['R', 'b', 'c', 'G', 'm', 'p', 'B', 'Y'],
    ['A', 'B', 'C', 'D', 'E'],
    Array.from({length: 37}, (_, k) => String(k)),
  ];
  for (const names of boards) {
    // One label per column, its ends at the top and the bottom: a straight pipe each.
    const puzzle = {width: names.length, height: 2, rules: 'nikoli',
      labels: names.map((name, x) => ({name, ends: [[x, 0], [x, 1]]})),
      paths: Object.fromEntries(names.map((name, x) => [name, [[x, 0], [x, 1]]]))};
    const file = path.join(shots, `palette-${names.length}.json`);
    fs.mkdirSync(shots, {recursive: true});
    fs.writeFileSync(file, `${JSON.stringify(puzzle)}\n`);
    const rendered = pipeColours(execFileSync(binary, ['render', file], {encoding: 'utf8'}));
    assert.deepEqual(rendered, labelColours(names), names.join(' '));
  }
});

test('a check stopped by the time limit shows the solution it found', async (t) => {
  if (!browser) {
    t.skip(`chromium cannot start: ${String(launchError?.message ?? launchError).split('\n')[0]}`);
    return;
  }
  // arukone inputs9 #16 under flow rules: `unique` finds a solution at once and no verdict in
  // minutes (docs/counting.md). LIMIT_SECONDS, the server's time limit, is the one slack here: the
  // time the first solution must be found in on a busy machine.
  const LIMIT_SECONDS = 5;
  const inputs9 = path.resolve(repo, '../shared/corpus/arukone/inputs9.txt');
  if (!fs.existsSync(inputs9)) {
    t.skip(`reference corpus not found (${inputs9})`);
    return;
  }
  const {server, address} = startServer(['--timeout', String(LIMIT_SECONDS)]);
  servers.push(server);
  const context = await browser.newContext({viewport: {width: 1180, height: 760}});
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(await address);
  // The whole file through the file chooser (the server reads it), then #16 from the picker.
  await page.setInputFiles('#import-file', inputs9);
  await page.waitForSelector('#import-pick option:nth-child(101)', {state: 'attached'});
  await page.selectOption('#import-pick', '15');
  await page.waitForSelector('#message:has-text("(16 of 101)")');
  await page.selectOption('#rules', 'flow');
  await page.waitForSelector('#verdict[data-verdict="timeout"]');
  assert.match(await page.textContent('#verdict'),
    /a solution found, no second one yet; any other solution has a U-turn \(uniqueness not proved\)/);
  assert.match(await page.textContent('#first-caption'), /not known/);
  // The solution is drawn: every cell on a path (flow rules fill the board), every end on its
  // own label's path.
  const grid = await drawnGrid(page, '#board', 40, 20);
  assert.doesNotMatch(grid.join(''), /\./, 'every cell is drawn on a path');
  const ends = await page.$$eval('#board .end', (nodes) =>
    nodes.map((e) => [Number(e.dataset.x), Number(e.dataset.y), e.dataset.label]));
  assert.equal(ends.length, 36);
  for (const [x, y, label] of ends) assert.equal(grid[y][x], label, `the end at ${x},${y}`);
  await page.screenshot({path: path.join(shots, '5-timeout.png')});
  assert.deepEqual(pageErrors, [], 'no script errors on the page');
  await context.close();
});
