// Tests of the page's logic without a browser: the board edits (web/model.js), undo/redo
// (web/history.js) and the live verdict's ordering (web/verdict.js), which must show only the
// answer for the latest edit however the answers arrive. The modules are plain ES modules, so
// node imports them as the browser does; fetch is replaced by a fake whose answers the test
// releases in the order it chooses.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import * as model from '../../web/model.js';
import {createHistory} from '../../web/history.js';
import {createLiveVerdict} from '../../web/verdict.js';

test('two clicks make a label; a third moves its later end; clicking an end removes it', () => {
  let b = model.emptyBoard(3, 2);
  b = model.placeEnd(b, 'A', [0, 0]);
  assert.equal(model.incompleteReason(b), 'label A needs a second end');
  b = model.placeEnd(b, 'A', [2, 1]);
  assert.equal(model.incompleteReason(b), null);
  assert.deepEqual(model.toPuzzleJson(b).labels, [{name: 'A', ends: [[0, 0], [2, 1]]}]);
  b = model.placeEnd(b, 'A', [1, 1]);
  assert.deepEqual(model.toPuzzleJson(b).labels, [{name: 'A', ends: [[0, 0], [1, 1]]}]);
  b = model.placeEnd(b, 'A', [1, 1]);
  assert.deepEqual(model.toPuzzleJson(b).labels, [{name: 'A', ends: [[0, 0]]}]);
});

test('an end, a block and an erase replace what was on the cell', () => {
  let b = model.emptyBoard(2, 2);
  b = model.placeEnd(b, 'A', [0, 0]);
  b = model.block(b, [0, 0]);
  assert.deepEqual(b.labels, []);
  assert.deepEqual(model.cellContent(b, [0, 0, 0]), {kind: 'blocked'});
  b = model.placeEnd(b, 'B', [0, 0]);
  assert.deepEqual(b.blocked, []);
  assert.deepEqual(model.cellContent(b, [0, 0, 0]), {kind: 'end', label: 'B'});
  b = model.erase(b, [0, 0, 0]);
  assert.equal(model.cellContent(b, [0, 0, 0]), null);
  assert.equal(model.incompleteReason(b), 'place the two ends of a label to begin');
  // Off the board nothing happens.
  assert.equal(model.placeEnd(b, 'A', [5, 0]), b);
});

test('new label names continue the board: letters, or numbers on numbered boards', () => {
  let b = model.emptyBoard(4, 1);
  assert.equal(model.nextFreeLabel(b), 'A');
  b = model.placeEnd(b, 'A', [0, 0]);
  assert.equal(model.nextFreeLabel(b), 'B');
  assert.equal(model.nextFreeLabel(b, ['B']), 'C');
  const numbered = model.fromPuzzleJson({width: 4, height: 1, labels: [{name: '1', ends: [[0, 0], [1, 0]]}]});
  assert.equal(model.nextFreeLabel(numbered), '2');
});

test('puzzle JSON round trip: layers keep z, variant fields pass through, resize drops what falls off', () => {
  const json = {name: 'x', width: 3, height: 2, layers: 2, rules: 'adc',
    labels: [{name: '1', ends: [[0, 0, 0], [2, 1, 1]]}], blocked: [[1, 1, 0]],
    vias: [{name: 'a', cells: [[1, 0, 0], [1, 0, 1]]}]};
  const b = model.fromPuzzleJson(json);
  assert.deepEqual(model.toPuzzleJson(b), json);
  const small = model.resize(b, 2, 2, 1);
  assert.deepEqual(model.toPuzzleJson(small), {name: 'x', width: 2, height: 2, layers: 1, rules: 'adc',
    labels: [{name: '1', ends: [[0, 0]]}], blocked: [[1, 1]], vias: []});
  const flat = model.fromPuzzleJson({width: 2, height: 1, labels: [], warps: [[[0, 0], [1, 0]]], paths: {}});
  assert.deepEqual(model.toPuzzleJson(flat, {A: [[0, 0]]}).paths, {A: [[0, 0]]});
  assert.deepEqual(model.toPuzzleJson(flat).warps, [[[0, 0], [1, 0]]]);
  assert.equal('paths' in model.toPuzzleJson(flat), false);
});

test('history: undo and redo, an edit forgets the redo list, a no-op is not recorded', () => {
  const h = createHistory(model.emptyBoard(2, 2));
  const one = model.block(h.current, [0, 0]);
  assert.equal(h.push(one), true);
  assert.equal(h.push(model.block(h.current, [0, 0])), false);
  const two = model.block(h.current, [1, 1]);
  h.push(two);
  assert.equal(h.undo(), true);
  assert.equal(h.current, one);
  assert.equal(h.redo(), true);
  assert.equal(h.current, two);
  h.undo();
  h.push(model.block(h.current, [0, 1]));
  assert.equal(h.canRedo, false);
  h.undo();
  h.undo();
  assert.equal(h.canUndo, false);
  assert.equal(h.undo(), false);
});

// A fetch whose answers wait until the test releases them; it records aborts as the browser
// does (the promise rejects with an AbortError), or with honourAbort false ignores them, as when
// an answer was already on its way.
function fakeFetch({honourAbort = true} = {}) {
  const calls = [];
  globalThis.fetch = (url, options) => new Promise((resolve, reject) => {
    const call = {url, body: JSON.parse(options.body), aborted: false,
      answer(record, status = 200) {
        resolve(new Response(JSON.stringify(record), {status, headers: {'Content-Type': 'application/json'}}));
      }};
    options.signal?.addEventListener('abort', () => {
      call.aborted = true;
      if (honourAbort) reject(new DOMException('aborted', 'AbortError'));
    });
    calls.push(call);
  });
  return calls;
}

// Resolves once `condition` holds (checked after each turn of the event loop).
async function until(condition) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

test('live verdict: a newer edit aborts the older check and only the latest answer is shown', async () => {
  const calls = fakeFetch();
  const shown = [];
  const errors = [];
  const live = createLiveVerdict({onStart() {}, onAnswer: (r) => shown.push(r.verdict), onError: (e) => errors.push(e.message), delayMs: 0});
  live.schedule({puzzle: 'first'});
  await until(() => calls.length === 1);
  assert.equal(calls[0].url, '/api/unique');
  assert.equal(calls[0].body.channel, 'verdict');
  live.schedule({puzzle: 'second'});
  await until(() => calls.length === 2);
  assert.equal(calls[0].aborted, true);
  // The server answers the older request anyway (409 when it was cancelled): not shown.
  calls[0].answer({error: 'cancelled by a newer request'}, 409);
  calls[1].answer({verdict: 'multiple'});
  await until(() => shown.length === 1);
  assert.deepEqual(shown, ['multiple']);
  assert.deepEqual(errors, []);
});

test('live verdict: a burst of edits is one request; cancel drops a pending answer; errors are shown', async () => {
  const calls = fakeFetch();
  const shown = [];
  const errors = [];
  const live = createLiveVerdict({onStart() {}, onAnswer: (r) => shown.push(r.verdict), onError: (e) => errors.push(e.message), delayMs: 5});
  for (const puzzle of ['a', 'b', 'c']) live.schedule({puzzle});
  await until(() => calls.length === 1);
  assert.equal(calls[0].body.puzzle, 'c');
  live.cancel();
  calls[0].answer({verdict: 'unique'});
  live.schedule({puzzle: 'd'});
  await until(() => calls.length === 2);
  calls[1].answer({error: 'request:1: label A appears only once'}, 400);
  await until(() => errors.length === 1);
  assert.deepEqual(shown, []);
  assert.deepEqual(errors, ['request:1: label A appears only once']);
});

test('live verdict: an answer that arrives after a newer request was sent is dropped', async () => {
  const calls = fakeFetch({honourAbort: false});
  const shown = [];
  const live = createLiveVerdict({onStart() {}, onAnswer: (r) => shown.push(r.verdict), onError() {}, delayMs: 0});
  live.schedule({puzzle: 'first'});
  await until(() => calls.length === 1);
  live.schedule({puzzle: 'second'});
  await until(() => calls.length === 2);
  calls[1].answer({verdict: 'none'});
  await until(() => shown.length === 1);
  calls[0].answer({verdict: 'unique'});
  // Let the stale answer run its course, then look.
  for (let i = 0; i < 20; ++i) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(shown, ['none']);
});

test('solution differences: cells whose label or whose path neighbours differ', () => {
  // Two solutions of a 3x3 board with one label from corner to corner (docs/serve.md's example):
  // both colour all nine cells A; worked out by hand, the path runs the same way (same two
  // neighbours) only through [0,2] and [2,0].
  const first = {A: [[0, 0], [0, 1], [0, 2], [1, 2], [1, 1], [1, 0], [2, 0], [2, 1], [2, 2]]};
  const second = {A: [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1], [0, 2], [1, 2], [2, 2]]};
  const same = model.solutionDifferences(first, second);
  assert.equal(same.sameColouring, true);
  const keys = (cells) => cells.map((c) => `${c[0]},${c[1]}`).sort();
  assert.deepEqual(keys(same.cells), ['0,0', '0,1', '1,0', '1,1', '1,2', '2,1', '2,2']);
  // A path listed from its other end is the same path.
  assert.deepEqual(model.solutionDifferences(first, {A: [...first.A].reverse()}).cells, []);
  // 2x1 board, A then B, against B then A: every cell changes label.
  const swapped = model.solutionDifferences({A: [[0, 0]], B: [[1, 0]]}, {A: [[1, 0]], B: [[0, 0]]});
  assert.equal(swapped.sameColouring, false);
  assert.deepEqual(keys(swapped.cells), ['0,0', '1,0']);
});

test('label colours: Flow letters by letter, other boards in order', async () => {
  const {labelColours, PALETTE} = await import('../../web/palette.js');
  const byName = (letter) => PALETTE.find(([l]) => l === letter)[2];
  // five.txt's R, G, Y, B: each its own letter's colour, whatever the order.
  const flow = labelColours(['R', 'G', 'Y', 'B']);
  assert.deepEqual([...flow.values()], ['R', 'G', 'Y', 'B'].map(byName));
  // No R: the first label red, the second green, ... as on any board.
  const abc = labelColours(['B', 'A', 'C']);
  assert.deepEqual([...abc.values()], PALETTE.slice(0, 3).map(([, , c]) => c));
  // Past sixteen labels the colours come round shaded, all different.
  const many = labelColours(Array.from({length: 40}, (_, k) => String(k)));
  assert.equal(new Set(many.values()).size, 40);
});
