// Benchmark (not a test): how long the editor page takes from an edit to its verdict on screen,
// on 10x10 boards (the target is 100 ms). Run by scripts/bench_editor, which explains the
// set-up; this file drives the page.
//
// For each puzzle of PUZZLES (JSON Lines) it imports the puzzle into the page, then times four
// edits as a user makes them: a click that moves one end of the last label to a free
// neighbouring cell, Ctrl-Z, the erasure of the first label (two clicks, the second timed) and
// Ctrl-Z (twice, the second timed). The time is the page's own (data-ms of #verdict-time): from the
// edit to the answer drawn, the debounce, the request, the whole uniqueness check and the
// answer included. Prints the median, 90th percentile and maximum, and the verdicts seen.
//
// usage: node bench_editor.mjs URL PUZZLES.jsonl

import fs from 'node:fs';
import {chromium} from 'playwright-core';

const [url, puzzlesFile] = process.argv.slice(2);
const puzzles = fs.readFileSync(puzzlesFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const browser = await chromium.launch({executablePath: process.env.NUMBERLINK_CHROMIUM ?? '/usr/bin/chromium', headless: true});
const page = await browser.newPage({viewport: {width: 1180, height: 900}});
await page.goto(url);

const answers = async () => Number(await page.getAttribute('#verdict', 'data-answers') ?? 0);
async function timed(action) {
  const before = await answers();
  await action();
  await page.waitForFunction((n) => Number(document.querySelector('#verdict').dataset.answers ?? 0) > n, before);
  return [Number(await page.getAttribute('#verdict-time', 'data-ms')), await page.getAttribute('#verdict', 'data-verdict')];
}

const times = [];
const verdicts = {};
for (const puzzle of puzzles) {
  delete puzzle.paths;
  delete puzzle.grid;
  await page.fill('#import-text', JSON.stringify(puzzle));
  await timed(() => page.click('#import-button'));
  const taken = new Set([...puzzle.labels.flatMap((l) => l.ends), ...puzzle.blocked].map((c) => `${c[0]},${c[1]}`));
  const label = puzzle.labels.at(-1);
  const [x, y] = label.ends[1];
  const free = [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]].find(([a, b]) =>
    a >= 0 && b >= 0 && a < puzzle.width && b < puzzle.height && !taken.has(`${a},${b}`));
  if (!free) continue;
  const record = ([ms, verdict]) => {
    times.push(ms);
    verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
  };
  await page.click('#tool-end');
  await page.click(`#labels [data-label="${label.name}"]`);
  record(await timed(() => page.click(`#board .cell[data-x="${free[0]}"][data-y="${free[1]}"]`)));
  record(await timed(() => page.keyboard.press('Control+z')));
  // The first label erased (its first end alone asks nothing: the label is incomplete), and back.
  const [first, second] = puzzle.labels[0].ends;
  await page.click('#tool-erase');
  await page.click(`#board .cell[data-x="${first[0]}"][data-y="${first[1]}"]`);
  record(await timed(() => page.click(`#board .cell[data-x="${second[0]}"][data-y="${second[1]}"]`)));
  await page.keyboard.press('Control+z');
  record(await timed(() => page.keyboard.press('Control+z')));
}
await browser.close();

times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(`edits ${times.length}: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms`);
console.log(`verdicts: ${Object.entries(verdicts).map(([v, n]) => `${v} ${n}`).join(', ')}`);
