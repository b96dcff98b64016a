// Draws a board, and optionally a solution, into an <svg> element of the page.
//
// Square boards are a grid of squares; hex boards (geometry "hex") are pointy-top hexagons in
// rows, odd rows half a cell to the right, as numberlink lays them out (docs/variants.md). Every
// cell is one element carrying data-x, data-y, data-z, which is what the page's mouse handling
// and the browser tests click. On boards with several layers only `layer` is drawn; a path that
// leaves it is marked by a ring where it changes layer. Outside cells (shaped boards) are not
// drawn at all; bridges, warps, walls and vias are drawn as marks over the cells.

import {isLight, labelColours} from './palette.js';

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 36;
const MARGIN = 16;  // room for the warp tabs outside the border

// Every label's colour on this board (palette.js, the library's rule); `more` are names not on
// the board yet, coloured as they will be once added (after the board's own).
export function boardColours(board, more = []) {
  const names = board.labels.map((l) => l.name);
  for (const name of more) if (!names.includes(name)) names.push(name);
  return labelColours(names);
}

function textColour(background) {
  return isLight(background) ? '#111' : '#fff';
}

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// Where cells go: centres, outlines and the picture's size, for square or hex boards.
function geometryOf(board) {
  if (board.extra.geometry === 'hex') {
    const w = CELL;
    const r = w / Math.sqrt(3);
    return {
      width: 2 * MARGIN + w * (board.width + 0.5),
      height: 2 * MARGIN + 2 * r + 1.5 * r * (board.height - 1),
      centre: (x, y) => [MARGIN + w * (x + 0.5 * (y & 1)) + w / 2, MARGIN + r + 1.5 * r * y],
      outline(x, y, parent, attributes) {
        const [cx, cy] = this.centre(x, y);
        const points = [];
        for (let k = 0; k < 6; ++k) {
          const a = Math.PI / 6 + (k * Math.PI) / 3;
          points.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
        }
        return element('polygon', {points: points.join(' '), ...attributes}, parent);
      },
      halfEdge: r / 2,
      step: w,
    };
  }
  return {
    width: 2 * MARGIN + CELL * board.width,
    height: 2 * MARGIN + CELL * board.height,
    centre: (x, y) => [MARGIN + CELL * x + CELL / 2, MARGIN + CELL * y + CELL / 2],
    outline: (x, y, parent, attributes) => element('rect',
      {x: MARGIN + CELL * x, y: MARGIN + CELL * y, width: CELL, height: CELL, ...attributes}, parent),
    halfEdge: CELL / 2,
    step: CELL,
  };
}

const zOf = (c) => c[2] ?? 0;
const keyOf = (c) => `${c[0]},${c[1]},${zOf(c)}`;

// options: {layer, paths (label -> cells), differing (cells), cursor (cell), title}
export function drawBoard(svg, board, options = {}) {
  const layer = options.layer ?? 0;
  const geo = geometryOf(board);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`);
  svg.dataset.width = board.width;
  svg.dataset.height = board.height;
  svg.dataset.layer = layer;
  // The page's style sizes the picture from these: as wide as the pane allows, no taller than the
  // window, and cells at most twice their natural size (style.css, #board).
  svg.style.setProperty('--aspect', (geo.width / geo.height).toFixed(4));
  svg.style.setProperty('--largest', `${(2 * geo.width).toFixed(0)}px`);
  const colours = boardColours(board);
  const colourOf = (name) => colours.get(name) ?? '#808080';

  const outside = new Set((board.extra.outside ?? []).map(keyOf));
  const blocked = new Set(board.blocked.map(keyOf));
  const onPath = new Map();
  for (const [name, cells] of Object.entries(options.paths ?? {}))
    for (const c of cells) onPath.set(keyOf(c), name);

  const cells = element('g', {class: 'cells'}, svg);
  for (let y = 0; y < board.height; ++y) {
    for (let x = 0; x < board.width; ++x) {
      const key = `${x},${y},${layer}`;
      if (outside.has(key)) continue;
      const classes = ['cell'];
      if (blocked.has(key)) classes.push('blocked');
      const shape = geo.outline(x, y, cells, {class: classes.join(' '), 'data-x': x, 'data-y': y, 'data-z': layer});
      const label = onPath.get(key);
      if (label && !blocked.has(key)) {
        shape.style.fill = colourOf(label);
        shape.style.fillOpacity = '0.28';
        shape.dataset.path = label;
      }
    }
  }

  const marks = element('g', {class: 'marks'}, svg);
  drawWalls(board, geo, layer, marks);
  drawBridges(board, geo, layer, marks);
  drawPaths(options.paths ?? {}, geo, layer, marks, colourOf);
  drawWarps(board, geo, layer, marks);
  drawVias(board, geo, layer, marks);
  drawEnds(board, geo, layer, marks, colourOf);

  for (const c of options.differing ?? []) {
    if (zOf(c) !== layer) continue;
    geo.outline(c[0], c[1], marks, {class: 'differing', 'data-x': c[0], 'data-y': c[1]});
  }
  if (options.cursor && zOf(options.cursor) === layer)
    geo.outline(options.cursor[0], options.cursor[1], marks, {class: 'cursor'});
}

// Which way a warp leaves cell a for cell b: across the border of a row or a column (the
// warps Flow Free has), as a unit step; null for any other warp, which gets a plain mark.
function warpExit(a, b) {
  if (a[1] === b[1] && Math.abs(a[0] - b[0]) > 1) return [Math.sign(a[0] - b[0]), 0];
  if (a[0] === b[0] && Math.abs(a[1] - b[1]) > 1) return [0, Math.sign(a[1] - b[1])];
  return null;
}

function drawPaths(paths, geo, layer, parent, colourOf) {
  const group = element('g', {class: 'paths'}, parent);
  for (const [name, cells] of Object.entries(paths)) {
    const colour = colourOf(name);
    // Split where the path leaves the layer or jumps (a warp): a jump is not drawn as a line
    // across the board but as two stubs running out over the border.
    let run = [];
    const flush = () => {
      if (run.length > 1) {
        element('polyline', {
          points: run.map((p) => p.map((v) => v.toFixed(1)).join(',')).join(' '),
          stroke: colour, class: 'path', 'data-label': name,
        }, group);
      }
      run = [];
    };
    const stub = (c, d) => {
      const [cx, cy] = geo.centre(c[0], c[1]);
      return [cx + d[0] * (geo.step / 2 + 8), cy + d[1] * (geo.step / 2 + 8)];
    };
    cells.forEach((c, i) => {
      const previous = cells[i - 1];
      if (zOf(c) !== layer) {
        if (previous && zOf(previous) === layer) layerChange(previous, colour);
        flush();
        return;
      }
      if (previous && zOf(previous) !== layer) layerChange(c, colour);
      if (previous && zOf(previous) === layer) {
        const [ax, ay] = geo.centre(previous[0], previous[1]);
        const [bx, by] = geo.centre(c[0], c[1]);
        if (Math.hypot(ax - bx, ay - by) > geo.step * 1.2) {
          const out = warpExit(previous, c);
          if (out) run.push(stub(previous, out));
          flush();
          const back = warpExit(c, previous);
          if (back) run.push(stub(c, back));
        }
      }
      run.push(geo.centre(c[0], c[1]));
    });
    flush();
  }
  function layerChange(c, colour) {
    const [cx, cy] = geo.centre(c[0], c[1]);
    element('circle', {cx, cy, r: CELL * 0.22, class: 'layer-change', stroke: colour}, group);
  }
}

function drawEnds(board, geo, layer, parent, colourOf) {
  const group = element('g', {class: 'ends'}, parent);
  for (const label of board.labels) {
    const colour = colourOf(label.name);
    for (const c of label.ends) {
      if (zOf(c) !== layer) continue;
      const [cx, cy] = geo.centre(c[0], c[1]);
      element('circle', {cx, cy, r: CELL * 0.36, fill: colour, class: 'end', 'data-label': label.name,
        'data-x': c[0], 'data-y': c[1]}, group);
      const text = element('text', {x: cx, y: cy, fill: textColour(colour), class: 'end-name'}, group);
      text.textContent = label.name;
    }
  }
}

function drawWalls(board, geo, layer, parent) {
  for (const [a, b] of board.extra.walls ?? []) {
    if (zOf(a) !== layer) continue;
    const [ax, ay] = geo.centre(a[0], a[1]);
    const [bx, by] = geo.centre(b[0], b[1]);
    const length = Math.hypot(bx - ax, by - ay);
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    const [px, py] = [-(by - ay) / length, (bx - ax) / length];
    const h = geo.halfEdge;
    element('line', {x1: mx - px * h, y1: my - py * h, x2: mx + px * h, y2: my + py * h, class: 'wall'}, parent);
  }
}

function drawBridges(board, geo, layer, parent) {
  for (const c of board.extra.bridges ?? []) {
    if (zOf(c) !== layer) continue;
    const [cx, cy] = geo.centre(c[0], c[1]);
    const h = CELL * 0.42;
    element('path', {d: `M${cx - h},${cy}H${cx + h}M${cx},${cy - h}V${cy + h}`, class: 'bridge'}, parent);
  }
}

function drawWarps(board, geo, layer, parent) {
  (board.extra.warps ?? []).forEach((pair, i) => {
    pair.forEach((c, k) => {
      if (zOf(c) !== layer) return;
      const [cx, cy] = geo.centre(c[0], c[1]);
      const d = warpExit(c, pair[1 - k]);
      if (d) {
        // A tab on the border where the warp leaves, numbered like its other end.
        const [tx, ty] = [cx + d[0] * (geo.step / 2 + 9), cy + d[1] * (geo.step / 2 + 9)];
        element('circle', {cx: tx, cy: ty, r: 7, class: 'warp-tab'}, parent);
        const text = element('text', {x: tx, y: ty, class: 'warp'}, parent);
        text.textContent = `${i + 1}`;
      } else {
        const text = element('text', {x: cx + CELL * 0.3, y: cy - CELL * 0.3, class: 'warp'}, parent);
        text.textContent = `w${i + 1}`;
      }
    });
  });
}

function drawVias(board, geo, layer, parent) {
  for (const via of board.extra.vias ?? []) {
    for (const c of via.cells) {
      if (zOf(c) !== layer) continue;
      const [cx, cy] = geo.centre(c[0], c[1]);
      const h = CELL * 0.2;
      element('path', {d: `M${cx},${cy - h}L${cx + h},${cy}L${cx},${cy + h}L${cx - h},${cy}Z`, class: 'via'}, parent);
    }
  }
}
