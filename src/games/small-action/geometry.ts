/**
 * The table as a grid of 50 mm cells (small-action-notes.md, The table): cell names, distances
 * between cell centres in millimetres, line of sight, facings and table edges.
 *
 * Line of sight (rules/small-action.md, Interpretations): a straight line from cell centre to cell
 * centre; it is blocked by a building cell it passes through, or by more than one woods cell it
 * passes through (the two end cells do not count). The cells a line passes through are those whose
 * inside it crosses (a line through a corner touches neither side cell), computed in whole numbers
 * from the segment alone, so sight is symmetric by construction: A sees B exactly when B sees A.
 * (rot-js's shadowcasting FOV is not symmetric and knows no "second woods cell" rule, so it is not used.)
 */
import type { Cell, CellId, Edge, Facing, Grid, Millimetres, SaRules, TerrainDef } from './types.js';

/** Row name: A..Z, then AA, AB, ... */
export function rowName(r: number): string {
  return r < 26 ? String.fromCharCode(65 + r) : String.fromCharCode(64 + Math.floor(r / 26)) + String.fromCharCode(65 + (r % 26));
}

export function colOf(g: Grid, c: Cell): number {
  return c % g.cols;
}
export function rowOf(g: Grid, c: Cell): number {
  return Math.floor(c / g.cols);
}
export function cellAt(g: Grid, col: number, row: number): Cell {
  return col < 0 || row < 0 || col >= g.cols || row >= g.rows ? -1 : row * g.cols + col;
}

/** "M14" for the cell in row M, column 14 (the grid's `names`, derived when the rules are loaded). */
export function cellId(g: Grid, c: Cell): CellId {
  return g.names[c];
}

/** "m14": the cell's name as option ids write it (the grid's `keys`). */
export function cellKey(g: Grid, c: Cell): string {
  return g.keys[c];
}

/** "M14" for the cell in row M, column 14, worked out (`Grid.names` is made of these). */
export function nameOfCell(g: Pick<Grid, 'cols'>, c: Cell): CellId {
  return `${rowName(Math.floor(c / g.cols))}${(c % g.cols) + 1}` as CellId;
}

/** The cell a player names ("m14" or "M14"), or -1 when it is not on the table. */
export function parseCell(g: Grid, text: string): Cell {
  // The names the game writes itself ("M14", "m14") are known to the grid.
  const known = g.cellsByName.get(text);
  if (known !== undefined) return known;
  const m = /^([A-Za-z]{1,2})(\d{1,3})$/.exec(text.trim());
  if (!m) return -1;
  const letters = m[1].toUpperCase();
  const row = letters.length === 1 ? letters.charCodeAt(0) - 65 : (letters.charCodeAt(0) - 64) * 26 + (letters.charCodeAt(1) - 65);
  return cellAt(g, Number(m[2]) - 1, row);
}

/** The terrain of a cell (`rules.terrain` of its key: the grid keeps each cell's definition, derived at load). */
export function terrainOf(rules: SaRules, g: Grid, c: Cell): TerrainDef {
  void rules;
  return g.ground[c];
}

/** Squared distance between two cell centres, in cells² (whole numbers). */
export function dist2(g: Grid, a: Cell, b: Cell): number {
  const dx = colOf(g, a) - colOf(g, b);
  const dy = rowOf(g, a) - rowOf(g, b);
  return dx * dx + dy * dy;
}

/** Distance between two cell centres in mm (a diagonal step is 50·√2 ≈ 71 mm). */
export function distance(rules: SaRules, g: Grid, a: Cell, b: Cell): Millimetres {
  return Math.sqrt(dist2(g, a, b)) * rules.grid.cellSize;
}

/** True when the centres of a and b are at most `mm` apart (exact, in whole numbers). */
export function within(rules: SaRules, g: Grid, a: Cell, b: Cell, mm: Millimetres): boolean {
  const cs = rules.grid.cellSize;
  return dist2(g, a, b) * cs * cs <= mm * mm;
}

/** Cells next to each other (the eight around a cell): "next to" for close combat. */
export function adjacent(g: Grid, a: Cell, b: Cell): boolean {
  return a !== b && Math.abs(colOf(g, a) - colOf(g, b)) <= 1 && Math.abs(rowOf(g, a) - rowOf(g, b)) <= 1;
}

/**
 * The cells strictly between a and b that the straight line between their centres passes through
 * (their inside, not a corner), in order from a to b. Whole-number arithmetic on doubled coordinates.
 */
export function cellsBetween(g: Grid, a: Cell, b: Cell): Cell[] {
  const out: Cell[] = [];
  foldBetween(g, a, b, 0, (n, c) => {
    out.push(c);
    return n;
  });
  return out;
}

/**
 * Walks the cells strictly between a and b on the line between their centres, in order from a to b,
 * keeping a tally: `step(tally, c, g)` gives the tally after cell c, or -1 to stop the walk there.
 * Returns the last tally (-1: stopped).
 *
 * A walk along the line, one cell border at a time, in whole numbers on doubled coordinates (cell
 * centres odd, borders even): from a centre the next column border is 1 away, then every 2, and the
 * same for rows. Whichever border the line reaches first is crossed; reaching both at once, the line
 * passes through a corner and goes on diagonally, touching neither side cell.
 */
export function foldBetween(g: Grid, a: Cell, b: Cell, tally: number, step: (tally: number, c: Cell, g: Grid) => number): number {
  if (a === b) return tally;
  let col = colOf(g, a);
  let row = rowOf(g, a);
  const toCol = colOf(g, b);
  const toRow = rowOf(g, b);
  const DX = Math.abs(toCol - col);
  const DY = Math.abs(toRow - row);
  const stepX = toCol > col ? 1 : -1;
  const stepY = toRow > row ? 1 : -1;
  // To the next column and row border: the line reaches a column border at ex / DX of its length, a row border at ey / DY.
  let ex = 1;
  let ey = 1;
  for (;;) {
    const x = ex * DY;
    const y = ey * DX;
    if (x <= y) {
      col += stepX;
      ex += 2;
    }
    if (y <= x) {
      row += stepY;
      ey += 2;
    }
    if (col === toCol && row === toRow) return tally;
    tally = step(tally, row * g.cols + col, g);
    if (tally < 0) return tally;
  }
}

/** Line of sight between two cells (see the file comment): symmetric. */
export function canSee(rules: SaRules, g: Grid, a: Cell, b: Cell): boolean {
  void rules;
  return foldBetween(g, a, b, 0, woodsPassed) >= 0;
}

/**
 * Lines of sight (`canSee`) as one rule asks them (a fire, the reveal of the orders, the question of
 * whom a section can fire at): each pair of cells is worked out once while the caller keeps it, since
 * figures stand two to a cell and the same line is asked for several pairs of figures. Sight depends
 * on the ground alone, never on the state, so an answer never goes stale; sight is symmetric, so a
 * pair has one answer both ways. Lives as long as the call that made it (never in the state).
 */
export class SightLines {
  readonly #lines = new Map<number, boolean>();
  constructor(
    readonly rules: SaRules,
    readonly g: Grid,
  ) {}
  /** `canSee(a, b)`. */
  sees(a: Cell, b: Cell): boolean {
    const cells = this.g.cols * this.g.rows;
    const pair = a < b ? a * cells + b : b * cells + a;
    let seen = this.#lines.get(pair);
    if (seen === undefined) this.#lines.set(pair, (seen = canSee(this.rules, this.g, a, b)));
    return seen;
  }
}

/** Sight along a line: the woods cells passed so far; -1 once a building, or a second woods cell, blocks it. */
function woodsPassed(woods: number, c: Cell, g: Grid): number {
  const t = g.ground[c];
  if (t.blocksSight) return -1;
  return t.woods ? (woods >= 1 ? -1 : woods + 1) : woods;
}

export const FACING_NAMES: Record<Facing, string> = {
  n: 'north',
  ne: 'north-east',
  e: 'east',
  se: 'south-east',
  s: 'south',
  sw: 'south-west',
  w: 'west',
  nw: 'north-west',
};

/** Unit vectors of the facings (screen axes: x east, y south). */
const FACING_VECTORS: Readonly<Record<Facing, readonly [number, number]>> = {
  n: [0, -1],
  ne: [1, -1],
  e: [1, 0],
  se: [1, 1],
  s: [0, 1],
  sw: [-1, 1],
  w: [-1, 0],
  nw: [-1, -1],
};

/** Unit vector of a facing (screen axes: x east, y south). */
export function facingVector(f: Facing): [number, number] {
  const [x, y] = FACING_VECTORS[f];
  return [x, y];
}

/** The nearest of the eight facings to a displacement (whole-number test, tan 22.5° ≈ 5/12). */
export function facingOf(dx: number, dy: number): Facing | null {
  if (dx === 0 && dy === 0) return null;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ay * 12 <= ax * 5) return dx > 0 ? 'e' : 'w';
  if (ax * 12 <= ay * 5) return dy > 0 ? 's' : 'n';
  if (dx > 0) return dy > 0 ? 'se' : 'ne';
  return dy > 0 ? 'sw' : 'nw';
}

/** Aimed Fire's 180° arc to the front: b lies in the half-plane ahead of a figure at a facing `f`. */
export function inFrontArc(g: Grid, f: Facing, from: Cell, to: Cell): boolean {
  const [vx, vy] = FACING_VECTORS[f];
  return (colOf(g, to) - colOf(g, from)) * vx + (rowOf(g, to) - rowOf(g, from)) * vy >= 0;
}

/** Is the cell on the given table edge? */
export function onEdge(g: Grid, c: Cell, e: Edge): boolean {
  switch (e) {
    case 'north':
      return rowOf(g, c) === 0;
    case 'south':
      return rowOf(g, c) === g.rows - 1;
    case 'west':
      return colOf(g, c) === 0;
    case 'east':
      return colOf(g, c) === g.cols - 1;
  }
}

/** Distance from a cell centre to a table edge, in mm. */
export function edgeDistance(rules: SaRules, g: Grid, c: Cell, e: Edge): Millimetres {
  const cs = rules.grid.cellSize;
  switch (e) {
    case 'north':
      return (rowOf(g, c) + 0.5) * cs;
    case 'south':
      return (g.rows - rowOf(g, c) - 0.5) * cs;
    case 'west':
      return (colOf(g, c) + 0.5) * cs;
    case 'east':
      return (g.cols - colOf(g, c) - 0.5) * cs;
  }
}

/** The grid of a scenario (derived when the rules are loaded). Throws Error for an unknown scenario. */
export function gridOf(rules: SaRules, scenario: string): Grid {
  const g = rules.grids[scenario];
  if (!g) throw new Error(`small-action: no scenario "${scenario}"`);
  return g;
}
