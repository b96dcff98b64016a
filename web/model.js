// The board being edited, as plain data, and the edits the page makes to it.
//
// A board is {name, width, height, layers, rules, labels: [{name, ends}], blocked: [cells],
// extra}. Cells are always [x, y, z] here (z = 0 on one-layer boards) so that the editing code
// never asks how many layers there are; toPuzzleJson() writes [x, y] on one-layer boards, as
// docs/json.md does. `extra` carries the variant fields of an imported board (geometry, outside,
// bridges, warps, walls, vias) unchanged: the page draws them but does not edit them.
// Edits never change a board in place: each returns a new one, which keeps undo a list of values.

export const VARIANT_FIELDS = ['geometry', 'outside', 'bridges', 'warps', 'walls', 'vias'];

// Single characters keep every export format writable (ascii and stream name labels by one
// character; flowsolver renames anything but capitals).
const LABEL_NAMES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function emptyBoard(width, height, layers = 1, rules = 'flow') {
  return {name: 'editor', width, height, layers, rules, labels: [], blocked: [], extra: {}};
}

export const sameCell = (a, b) => a[0] === b[0] && a[1] === b[1] && (a[2] ?? 0) === (b[2] ?? 0);
export const cellKey = (c) => `${c[0]},${c[1]},${c[2] ?? 0}`;
const toCell = (c) => [c[0], c[1], c[2] ?? 0];

export function inBounds(board, c) {
  return c[0] >= 0 && c[1] >= 0 && (c[2] ?? 0) >= 0 &&
         c[0] < board.width && c[1] < board.height && (c[2] ?? 0) < board.layers;
}

// What occupies a cell: {kind: 'end', label} | {kind: 'blocked'} | {kind: 'outside'} | null.
export function cellContent(board, c) {
  for (const label of board.labels)
    if (label.ends.some((e) => sameCell(e, c))) return {kind: 'end', label: label.name};
  if (board.blocked.some((b) => sameCell(b, c))) return {kind: 'blocked'};
  if ((board.extra.outside ?? []).some((o) => sameCell(toCell(o), c))) return {kind: 'outside'};
  return null;
}

// The board without anything on cell c (labels left with no end disappear).
export function erase(board, c) {
  const labels = board.labels
    .map((l) => ({name: l.name, ends: l.ends.filter((e) => !sameCell(e, c))}))
    .filter((l) => l.ends.length > 0);
  return {...board, labels, blocked: board.blocked.filter((b) => !sameCell(b, c))};
}

export function block(board, c) {
  if (!inBounds(board, c) || cellContent(board, c)?.kind === 'outside') return board;
  const cleared = erase(board, c);
  return {...cleared, blocked: [...cleared.blocked, toCell(c)]};
}

// Places an end of `name` on c. An end of the same label already there is removed instead (a
// second click undoes the first); a label that has two ends already moves its later one here.
export function placeEnd(board, name, c) {
  if (!inBounds(board, c) || cellContent(board, c)?.kind === 'outside') return board;
  const here = cellContent(board, c);
  if (here?.kind === 'end' && here.label === name) return erase(board, c);
  const cleared = erase(board, c);
  const labels = cleared.labels.map((l) => ({name: l.name, ends: [...l.ends]}));
  let label = labels.find((l) => l.name === name);
  if (!label) {
    label = {name, ends: []};
    labels.push(label);
  }
  if (label.ends.length === 2) label.ends.pop();
  label.ends.push(toCell(c));
  return {...cleared, labels};
}

export function endsOf(board, name) {
  return board.labels.find((l) => l.name === name)?.ends.length ?? 0;
}

// The first label name not in use (and not `except`), for "new label" and after a label is done.
// On a board whose labels are all numbers (level packs, generated puzzles) it is a number too.
export function nextFreeLabel(board, except = []) {
  const used = new Set([...board.labels.map((l) => l.name), ...except]);
  const numbers = board.labels.map((l) => l.name).filter((n) => /^\d+$/.test(n)).map(Number);
  if (numbers.length && numbers.length === board.labels.length) {
    for (let i = Math.min(...numbers); ; ++i) if (!used.has(String(i))) return String(i);
  }
  for (const ch of LABEL_NAMES) if (!used.has(ch)) return ch;
  for (let i = 10; ; ++i) if (!used.has(String(i))) return String(i);
}

// The same board on a new size: whatever falls outside is dropped.
export function resize(board, width, height, layers) {
  const sized = {...board, width, height, layers};
  const keep = (c) => inBounds(sized, toCell(c));
  const labels = board.labels
    .map((l) => ({name: l.name, ends: l.ends.filter(keep)}))
    .filter((l) => l.ends.length > 0);
  const extra = {};
  for (const [key, value] of Object.entries(board.extra)) {
    if (key === 'geometry') extra[key] = value;
    else if (key === 'outside' || key === 'bridges') extra[key] = value.filter(keep);
    else if (key === 'warps' || key === 'walls') extra[key] = value.filter((p) => p.every(keep));
    else if (key === 'vias') extra[key] = value.filter((v) => v.cells.every(keep));
  }
  return {...sized, labels, blocked: board.blocked.filter(keep), extra};
}

// Why the board cannot be checked yet, or null when it can.
export function incompleteReason(board) {
  if (board.labels.length === 0) return 'place the two ends of a label to begin';
  const half = board.labels.find((l) => l.ends.length !== 2);
  if (half) return `label ${half.name} needs a second end`;
  return null;
}

// The puzzle object of docs/json.md, as the API reads it; `paths` (label -> cells) when given.
export function toPuzzleJson(board, paths = null) {
  const out = (c) => (board.layers > 1 ? toCell(c) : [c[0], c[1]]);
  const json = {
    name: board.name, width: board.width, height: board.height, layers: board.layers,
    rules: board.rules,
    labels: board.labels.map((l) => ({name: l.name, ends: l.ends.map(out)})),
    blocked: board.blocked.map(out),
  };
  Object.assign(json, structuredClone(board.extra));
  if (paths) json.paths = paths;
  return json;
}

// A board from a puzzle object of the API (read, generate); its solution, if any, is not kept.
export function fromPuzzleJson(json) {
  const extra = {};
  for (const key of VARIANT_FIELDS) if (json[key] !== undefined) extra[key] = structuredClone(json[key]);
  return {
    name: json.name ?? 'editor', width: json.width, height: json.height, layers: json.layers ?? 1,
    rules: json.rules ?? 'flow',
    labels: (json.labels ?? []).map((l) => ({name: l.name, ends: l.ends.map(toCell)})),
    blocked: (json.blocked ?? []).map(toCell),
    extra,
  };
}

// Where two solutions (label -> cells maps) differ: `cells`, every cell whose label differs or
// whose path runs differently through it (another neighbour before or after it on its path),
// and `sameColouring`, true when no cell changes label: the two differ only in the paths' ways
// through cells of their own colour (possible under rules that let a path touch itself).
export function solutionDifferences(first, second) {
  const through = (paths) => {
    const labels = new Map();  // cell key -> the labels on it (two on a bridge)
    const links = new Map();   // cell key -> "label>neighbour" for each path neighbour
    const add = (map, key, value) => { if (!map.has(key)) map.set(key, new Set()); map.get(key).add(value); };
    for (const [name, cells] of Object.entries(paths)) {
      cells.forEach((c, i) => {
        const key = cellKey(c);
        add(labels, key, name);
        for (const n of [cells[i - 1], cells[i + 1]]) if (n) add(links, key, `${name}>${cellKey(n)}`);
      });
    }
    return {labels, links};
  };
  const a = through(first), b = through(second);
  const text = (map, key) => [...(map.get(key) ?? [])].sort().join(' ');
  const keys = new Set([...a.labels.keys(), ...b.labels.keys()]);
  const cells = [];
  let sameColouring = true;
  for (const key of keys) {
    const recoloured = text(a.labels, key) !== text(b.labels, key);
    if (recoloured) sameColouring = false;
    if (recoloured || text(a.links, key) !== text(b.links, key)) cells.push(key.split(',').map(Number));
  }
  return {cells, sameColouring};
}
