// The labels' colours: the same table and rule as the library's core/palette.hpp (which says why
// these shades), so that a label has one colour in the editor, the terminal and the pictures.
// A test reads this table and compares it with the library's (tests/test_palette.cpp).
//
// The rule: a board whose labels are all single Flow Free letters, R among them, takes each
// label's colour from its letter (R red, G green, B blue, ...); any other board gives its k-th
// label (in the board's label order, the order the puzzle JSON lists them) the k-th colour, and
// past the sixteenth the table comes round again lighter, then darker.

export const PALETTE = [
  ['R', 'red', '#b01010'],
  ['G', 'green', '#3fa070'],
  ['B', 'blue', '#1033cc'],
  ['Y', 'yellow', '#f5e625'],
  ['O', 'orange', '#e89a33'],
  ['C', 'cyan', '#22ddee'],
  ['M', 'magenta', '#a01c86'],
  ['m', 'maroon', '#803530'],
  ['P', 'purple', '#7424a8'],
  ['W', 'white', '#e2e2e2'],
  ['A', 'grey', '#959595'],
  ['g', 'lime', '#90ee5a'],
  ['T', 'tan', '#d0b478'],
  ['b', 'navy', '#141f7a'],
  ['c', 'teal', '#1d746b'],
  ['p', 'pink', '#f59ac6'],
];

// Mixed towards white (> 0) or black (< 0) on each round through the table after the first.
const SHADES = [0, 0.5, -0.45, 0.75, -0.2];

const LETTERS = new Map(PALETTE.map(([letter, , colour]) => [letter, colour]));

export function usesFlowLetters(names) {
  return names.every((name) => LETTERS.has(name)) && names.includes('R');
}

export function indexedColour(index) {
  const base = PALETTE[index % PALETTE.length][2];
  const t = SHADES[Math.floor(index / PALETTE.length) % SHADES.length];
  const channel = (k) => {
    const v = parseInt(base.slice(1 + 2 * k, 3 + 2 * k), 16);
    // Math.floor(x + 0.5), not Math.round: the library rounds halves up the same way.
    const mixed = t < 0 ? Math.floor(v * (1 + t) + 0.5) : Math.floor(v + (255 - v) * t + 0.5);
    return mixed.toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

// label name -> "#rrggbb" for every label of `names`, in order.
export function labelColours(names) {
  const letters = usesFlowLetters(names);
  return new Map(names.map((name, k) => [name, letters ? LETTERS.get(name) : indexedColour(k)]));
}

// Dark text on light colours, white on dark ones (the library's is_light).
export function isLight(colour) {
  const n = parseInt(colour.slice(1), 16);
  return 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255) > 140;
}
