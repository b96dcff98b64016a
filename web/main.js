// The editor page: holds the board being edited, redraws it, turns mouse and keyboard input
// into edits (model.js), keeps undo/redo (history.js) and asks for the live verdict after every
// edit (verdict.js). The buttons that call the rest of the API are in actions.js.

import * as model from './model.js';
import {createHistory} from './history.js';
import {boardColours, drawBoard} from './draw.js';
import {createLiveVerdict} from './verdict.js';
import {getInfo} from './api.js';
import {wireActions} from './actions.js';

const $ = (id) => document.getElementById(id);

const state = {
  history: createHistory(model.emptyBoard(5, 5)),
  layer: 0,
  tool: 'end',
  editedAt: 0,  // performance.now() of the latest edit, for the time the verdict took
  label: 'A',
  cursor: [0, 0, 0],
  // The cursor is drawn once the keyboard is used: a mouse user does not need it.
  showCursor: false,
  // What is drawn over the board: {paths, second, differing}; null when nothing is known for
  // the board as it is now (every edit clears it).
  solution: null,
};

const board = () => state.history.current;

// ---- drawing -------------------------------------------------------------------------------

function render() {
  const b = board();
  state.layer = Math.min(state.layer, b.layers - 1);
  state.cursor = [Math.min(state.cursor[0], b.width - 1), Math.min(state.cursor[1], b.height - 1), state.layer];
  drawBoard($('board'), b, {
    layer: state.layer, paths: state.solution?.paths, differing: state.solution?.differing,
    cursor: state.showCursor ? state.cursor : null,
  });
  const second = state.solution?.second;
  $('second-figure').hidden = !second;
  if (second) drawBoard($('second'), b, {layer: state.layer, paths: second, differing: state.solution.differing});
  $('first-caption').textContent =
      state.solution?.caption ?? (second ? 'a first solution' : state.solution?.paths ? 'the solution' : 'the board');
  if (second) $('second-caption').textContent = state.solution.secondCaption;

  $('undo').disabled = !state.history.canUndo;
  $('redo').disabled = !state.history.canRedo;
  $('rules').value = b.rules;
  renderLabels();
  renderLayers();
}

function renderLabels() {
  const b = board();
  const names = b.labels.map((l) => l.name);
  if (!names.includes(state.label)) names.push(state.label);
  // The label being placed is coloured as it will be once on the board.
  const colours = boardColours(b, [state.label]);
  const chips = names.map((name) => {
    const chip = document.createElement('button');
    chip.className = 'chip';
    chip.dataset.label = name;
    chip.setAttribute('aria-pressed', String(name === state.label));
    chip.style.borderColor = colours.get(name);
    chip.title = `label ${name}`;
    const ends = model.endsOf(b, name);
    chip.append(name);
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = `${ends}/2`;
    chip.append(count);
    chip.addEventListener('click', () => { state.label = name; setTool('end'); });
    return chip;
  });
  const add = document.createElement('button');
  add.id = 'new-label';
  add.textContent = '+ label';
  add.title = 'Start a new label';
  add.addEventListener('click', () => { state.label = model.nextFreeLabel(b, [state.label]); setTool('end'); });
  $('labels').replaceChildren(...chips, add);
}

function renderLayers() {
  const b = board();
  $('layer-picker').hidden = b.layers < 2;
  const select = $('layer');
  if (select.options.length !== b.layers) {
    select.replaceChildren(...Array.from({length: b.layers}, (_, z) => new Option(`${z + 1}`, z)));
  }
  select.value = state.layer;
}

function setTool(tool) {
  state.tool = tool;
  for (const button of document.querySelectorAll('[data-tool]'))
    button.setAttribute('aria-pressed', String(button.dataset.tool === tool));
  render();
}

// ---- edits and the live verdict ------------------------------------------------------------

// Replaces the board by `next` as one undoable step and asks for a new verdict.
function edit(next) {
  if (!state.history.push(next)) return;
  boardChanged();
}

// Loads a whole new board (import, generate, resize): one undoable step too.
function load(next) {
  state.history.push(next);
  state.label = model.nextFreeLabel(next);
  syncSizeInputs();
  boardChanged();
}

function boardChanged() {
  state.editedAt = performance.now();
  state.solution = null;
  render();
  checkVerdict();
}

function syncSizeInputs() {
  const b = board();
  $('board-width').value = b.width;
  $('board-height').value = b.height;
  $('board-layers').value = b.layers;
}

const live = createLiveVerdict({
  onStart() { $('spinner').hidden = false; },
  onAnswer(record) {
    $('spinner').hidden = true;
    // From the edit to the answer on screen (debounce, request, solve, answer), and the solver's
    // own share; data-ms and data-answers are for scripts/bench_editor.
    const ms = performance.now() - state.editedAt;
    const solver = typeof record.seconds === 'number' ? `, solver ${(record.seconds * 1000).toFixed(1)} ms` : '';
    $('verdict-time').textContent = `${ms.toFixed(0)} ms${solver}`;
    $('verdict-time').dataset.ms = ms.toFixed(2);
    $('verdict').dataset.answers = Number($('verdict').dataset.answers ?? 0) + 1;
    showVerdict(record);
  },
  onError(error) {
    $('spinner').hidden = true;
    $('verdict-time').textContent = '';
    setVerdict('error', error.message);
  },
});

const VERDICT_TEXT = {
  unique: 'unique: exactly one solution',
  multiple: 'multiple: more than one solution',
  none: 'none: no solution',
  timeout: 'timeout: no answer within the time limit',
};

function setVerdict(verdict, text) {
  $('verdict').dataset.verdict = verdict;
  $('verdict').textContent = text;
}

function showVerdict(record) {
  const verdict = record.verdict;
  // None with how it was proved, as the command line says it: "sat" (the solver's search) or
  // the board argument ("parity: ...", "lines A and B would have to cross: ...").
  const why = verdict === 'none' && record.unsolvable_reason
    ? ` (${record.unsolvable_reason === 'sat' ? 'sat: the solver searched and found none' : record.unsolvable_reason})` : '';
  setVerdict(verdict, (VERDICT_TEXT[verdict] ?? verdict) + why);
  if (verdict === 'unique') {
    state.solution = {paths: record.paths};
  } else if (record.solutions_found === 1 && record.paths) {
    // Stopped (time limit) with one checked solution in hand: the puzzle is solvable and only its
    // uniqueness is open, which is worth showing rather than a bare "timeout".
    // Every solution without a U-turn found, and it is this one (json.md, uturn_free_solutions):
    // what is left open is narrower, and a designer may accept rivals that double back.
    const others = record.uturn_free_solutions === 1 ? '; any other solution has a U-turn' : '';
    setVerdict(verdict, `${verdict}: a solution found, no second one yet${others} (uniqueness not proved)`);
    state.solution = {paths: record.paths, caption: 'a solution; whether it is the only one is not known'};
  } else if (verdict === 'multiple' && record.solutions?.length >= 2) {
    const [first, second] = record.solutions;
    // Every cell where the two differ in label (record.differing_cells) or in the way a path
    // runs through it: two solutions can colour every cell alike and differ only there.
    const {cells, sameColouring} = model.solutionDifferences(first, second);
    if (sameColouring) setVerdict(verdict, `${VERDICT_TEXT.multiple}: the same colours, different paths`);
    state.solution = {
      paths: first, second, differing: cells,
      secondCaption: sameColouring
        ? 'a second solution: every cell has the same colour; the cells where the paths run differently are outlined'
        : 'a second solution; the cells where the two differ are outlined',
    };
  } else {
    state.solution = null;
  }
  render();
}

function checkVerdict() {
  const b = board();
  const reason = model.incompleteReason(b);
  if (reason) {
    live.cancel();
    $('spinner').hidden = true;
    $('verdict-time').textContent = '';
    setVerdict(b.labels.length ? 'incomplete' : 'empty', reason);
    return;
  }
  live.schedule({puzzle: model.toPuzzleJson(b), rules: b.rules});
}

function undo() { if (state.history.undo()) { syncSizeInputs(); boardChanged(); } }
function redo() { if (state.history.redo()) { syncSizeInputs(); boardChanged(); } }

// ---- mouse ---------------------------------------------------------------------------------

function cellFromEvent(event) {
  const target = event.target.closest('.cell');
  if (!target) return null;
  return [Number(target.dataset.x), Number(target.dataset.y), Number(target.dataset.z)];
}

function applyTool(tool, cell) {
  const b = board();
  state.cursor = cell;
  if (tool === 'erase') return edit(model.erase(b, cell));
  if (tool === 'block') {
    const here = model.cellContent(b, cell);
    return edit(here?.kind === 'blocked' ? model.erase(b, cell) : model.block(b, cell));
  }
  const before = model.endsOf(b, state.label);
  const next = model.placeEnd(b, state.label, cell);
  // Two clicks make a label: once it has both ends, the next click starts a new one.
  if (before < 2 && model.endsOf(next, state.label) === 2) state.label = model.nextFreeLabel(next);
  edit(next);
  render();
}

$('board').addEventListener('click', (event) => {
  const cell = cellFromEvent(event);
  if (cell) applyTool(state.tool, cell);
  $('board').focus();
});
$('board').addEventListener('contextmenu', (event) => {
  const cell = cellFromEvent(event);
  if (!cell) return;
  event.preventDefault();
  applyTool('erase', cell);
});
$('board').setAttribute('tabindex', '0');

// ---- keyboard ------------------------------------------------------------------------------

const MOVES = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};

document.addEventListener('keydown', (event) => {
  const typing = event.target.closest('input, textarea, select');
  const key = event.key;
  const control = event.ctrlKey || event.metaKey;
  if (control && !event.altKey && !typing) {
    const lower = key.toLowerCase();
    if (lower === 'z' && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (lower === 'y' || (lower === 'z' && event.shiftKey)) { event.preventDefault(); redo(); }
    return;
  }
  if (typing || control || event.altKey || event.target.closest('button') && key === ' ') return;
  const b = board();
  const [x, y] = state.cursor;
  state.showCursor = true;
  if (MOVES[key]) {
    const [dx, dy] = MOVES[key];
    state.cursor = [Math.max(0, Math.min(b.width - 1, x + dx)), Math.max(0, Math.min(b.height - 1, y + dy)), state.layer];
    render();
  } else if (key === 'PageUp' || key === 'PageDown') {
    state.layer = Math.max(0, Math.min(b.layers - 1, state.layer + (key === 'PageUp' ? -1 : 1)));
    state.cursor = [x, y, state.layer];
    render();
  } else if (key === '#') {
    edit(model.block(b, state.cursor));
  } else if (key === 'Delete' || key === 'Backspace' || key === '.' || key === ' ') {
    edit(model.erase(b, state.cursor));
  } else if (key.length === 1 && /[\p{L}\p{N}]/u.test(key)) {
    state.label = key;
    edit(model.placeEnd(b, key, state.cursor));
    render();
  } else {
    return;
  }
  event.preventDefault();
});

// ---- the controls --------------------------------------------------------------------------

for (const button of document.querySelectorAll('[data-tool]'))
  button.addEventListener('click', () => setTool(button.dataset.tool));
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('clear').addEventListener('click', () => edit({...board(), labels: [], blocked: []}));
$('resize').addEventListener('click', () => {
  const number = (id, low, high) => Math.max(low, Math.min(high, Math.round(Number($(id).value)) || low));
  load(model.resize(board(), number('board-width', 1, 60), number('board-height', 1, 60), number('board-layers', 1, 8)));
});
$('rules').addEventListener('change', () => edit({...board(), rules: $('rules').value}));
$('layer').addEventListener('change', () => { state.layer = Number($('layer').value); render(); });

function showMessage(text, isError = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', isError);
}

const app = {
  board, load, render, showMessage,
  get solution() { return state.solution; },
  set solution(value) { state.solution = value; render(); },
};

wireActions(app);
render();

getInfo().then((info) => {
  app.info = info;
  document.dispatchEvent(new CustomEvent('numberlink-info', {detail: info}));
  if (info.rules?.length) {
    $('rules').replaceChildren(...info.rules.map((r) => new Option(r, r)));
    $('rules').value = board().rules;
  }
}).catch((error) => showMessage(`cannot reach the server: ${error.message}`, true));
