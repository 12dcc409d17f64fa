/**
 * Movement (rulebook: Movement Rates and their modifiers; Order Card Definitions for the least a
 * March or Combat Move must cover). A section moves as a body: the player picks where its
 * reference figure (the commander, if he moves) goes; every other moving figure keeps its place in
 * the formation, each limited by its own rate and the ground (small-action-notes.md, Sections).
 *
 * Paths: a step costs its length (50 mm, or 71 mm diagonally) divided by the speed of the ground
 * entered (close country, obstacles and wading half, deep water a quarter); a diagonal step between
 * two slower cells (the corner of a wall line) is as slow as they are. Figures never pass through a
 * cell held by an enemy. Our own Dijkstra flood with a budget: ngraph.path finds one path between two
 * nodes, rot-js's Dijkstra knows no step costs, and we need every cell within the allowance.
 */
import type { GameEnv } from '../../engine/module.js';
import { cellAt, colOf, dist2, edgeDistance, facingOf, onEdge, rowOf } from './geometry.js';
import { commander, gridFor, moveModeOf, rulesOf, scenarioOf } from './section.js';
import type { Cell, Edge, FigureState, Grid, Millimetres, MoveMode, SaRules, SaState, SideName, TroopType } from './types.js';
import { MOVE_MODES } from './types.js';

const EPS = 1e-6;

/**
 * A figure's rate for its section's move mode, in mm (rulebook: Movement Rates). Where its line has
 * no rate for the mode ('*': the MMG team, the HMG line, cannot march or move cautiously) it moves
 * with its section at the slowest rate its line has, never faster than infantry on that order
 * (rules/small-action.md, "A line with no rate for the order"): the MMG keeps 100 mm under any move.
 */
export function allowance(rules: SaRules, f: FigureState, mode: MoveMode): Millimetres {
  const troop = rules.weapons[f.weapon].troop;
  const own = rules.movementRates[troop][mode];
  if (own !== null) return own;
  return troopFallbackRate(rules, troop, mode);
}

/** The rate of a line without one for `mode` (see `allowance`); 0 when the line has no rate at all. */
export function troopFallbackRate(rules: SaRules, troop: TroopType, mode: MoveMode): Millimetres {
  const line = rules.movementRates[troop];
  const rates = MOVE_MODES.map((m) => line[m]).filter((r): r is number => r !== null);
  if (!rates.length) return 0;
  return Math.min(Math.min(...rates), rules.movementRates.infantry[mode] ?? Infinity);
}

/** Does the figure's line lack a rate of its own for `mode` (it then moves at `troopFallbackRate`)? */
export function noOwnRate(rules: SaRules, f: FigureState, mode: MoveMode): boolean {
  return rules.movementRates[rules.weapons[f.weapon].troop][mode] === null;
}

/**
 * The cells reached by a flood: `costOf(c)` the cheapest path (Infinity: not reached); `cells` the
 * cells reached, lowest number first (the table's order). A flood stopped at its `until` cell tells
 * only that cell's cost.
 */
export interface Reach {
  readonly cells: readonly Cell[];
  costOf(c: Cell): Millimetres;
}

/**
 * What one step from cell `c` toward (dx, dy) costs, in mm of allowance (Infinity: off the table):
 * its length (a cell's width, or the diagonal) divided by the speed of the ground entered; a diagonal
 * step between two slower cells (the corner of a wall line) is as slow as they are.
 */
export function stepCost(rules: SaRules, g: Grid, c: Cell, dx: number, dy: number): Millimetres {
  const x = colOf(g, c);
  const y = rowOf(g, c);
  const nx = x + dx;
  const ny = y + dy;
  if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= g.cols || ny >= g.rows) return Infinity;
  const cs = rules.grid.cellSize;
  let sp = g.speed[ny * g.cols + nx];
  let len = cs;
  if (dx && dy) {
    len = cs * Math.SQRT2;
    sp = Math.min(sp, Math.max(g.speed[y * g.cols + nx], g.speed[ny * g.cols + x]));
  }
  return len / sp;
}

/** Every step's cost on a grid (`Grid.steps`), derived once when the rules are loaded. */
export function stepCosts(rules: SaRules, g: Pick<Grid, 'cols' | 'rows' | 'speed'>): Float64Array {
  const grid = g as Grid;
  const out = new Float64Array(g.cols * g.rows * 9);
  let k = 0;
  for (let c = 0; c < g.cols * g.rows; c++)
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) out[k++] = stepCost(rules, grid, c, dx, dy);
  return out;
}

/**
 * Every cell a figure at `from` can reach within `budget` mm, with the cost of the cheapest path
 * (each step's cost: `stepCost`, read from the grid). `blocked(c)`: cells it may not enter (enemy
 * figures). With `until`, the flood stops once it reaches that cell (its cost is then the cheapest;
 * read nothing else).
 *
 * Every step costs at least a cell's width, so the flood stays within `reach` cells of `from` in
 * each direction: its costs are kept for that square of the table only (`Flood`).
 */
export function reachable(rules: SaRules, g: Grid, from: Cell, budget: Millimetres, blocked: (c: Cell) => boolean, until?: Cell): Reach {
  const flood = new Flood(g, from, Math.floor((budget + EPS) / rules.grid.cellSize));
  const { cost, side } = flood;
  const cols = g.cols;
  const steps = g.steps;
  const limit = budget + EPS;
  cost[flood.reach * side + flood.reach] = 0;
  // A binary heap of (cost, cell), cheapest first (ties: lower cell): costs in `hc`, cells in `hn`.
  const hc: number[] = [0];
  const hn: number[] = [from];
  while (hc.length) {
    const c0 = hc[0];
    const c = hn[0];
    const lastCost = hc.pop()!;
    const lastCell = hn.pop()!;
    if (hc.length) siftDown(hc, hn, lastCost, lastCell);
    // Where the cell lies in the flood's square.
    const sx = (c % cols) - flood.left;
    const sy = (c - (c % cols)) / cols - flood.top;
    // A cell is done once taken at its cheapest cost: a costlier entry for it is an older one, passed over.
    if (c0 > cost[sy * side + sx]) continue;
    if (c === until) break;
    for (let dy = -1; dy <= 1; dy++) {
      if (sy + dy < 0 || sy + dy >= side) continue; // beyond the budget
      for (let dx = -1; dx <= 1; dx++) {
        if (sx + dx < 0 || sx + dx >= side) continue; // beyond the budget
        const step = steps[c * 9 + (dy + 1) * 3 + dx + 1];
        if (step === Infinity) continue; // off the table
        const kn = (sy + dy) * side + sx + dx;
        const n = c + dy * cols + dx;
        const nc = c0 + step;
        // A done cell costs no more than this one (cells are taken cheapest first): it is never entered again.
        if (nc > limit || nc >= cost[kn] - EPS || blocked(n)) continue;
        cost[kn] = nc;
        siftUp(hc, hn, nc, n);
      }
    }
  }
  return flood;
}

/** What `reachable` found: the cost of every cell of the square within `reach` cells of `from` (Infinity: not reached). */
class Flood implements Reach {
  #cells: Cell[] | null = null;
  /** Side of the square, in cells. */
  readonly side: number;
  /** The square's first column and row on the table. */
  readonly left: number;
  readonly top: number;
  /** Costs by place in the square: (row - top) * side + (col - left). */
  readonly cost: number[];
  constructor(
    readonly g: Grid,
    from: Cell,
    readonly reach: number,
  ) {
    this.side = 2 * reach + 1;
    this.left = colOf(g, from) - reach;
    this.top = rowOf(g, from) - reach;
    this.cost = new Array<number>(this.side * this.side).fill(Infinity);
  }
  costOf(c: Cell): Millimetres {
    if (c < 0) return Infinity;
    const x = colOf(this.g, c) - this.left;
    const y = rowOf(this.g, c) - this.top;
    return x < 0 || y < 0 || x >= this.side || y >= this.side ? Infinity : this.cost[y * this.side + x];
  }
  /** The cells reached (listed when first read): row by row, then column by column, the order of their numbers. */
  get cells(): readonly Cell[] {
    if (this.#cells) return this.#cells;
    const out: Cell[] = [];
    for (let y = 0; y < this.side; y++)
      for (let x = 0; x < this.side; x++)
        if (this.cost[y * this.side + x] < Infinity) out.push((this.top + y) * this.g.cols + this.left + x);
    return (this.#cells = out);
  }
}

/** Adds (cost, cell) to the heap of `reachable`. */
function siftUp(hc: number[], hn: number[], cost: number, cell: number): void {
  let i = hc.length;
  hc.push(cost);
  hn.push(cell);
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (hc[up] < cost || (hc[up] === cost && hn[up] < cell)) break;
    hc[i] = hc[up];
    hn[i] = hn[up];
    i = up;
  }
  hc[i] = cost;
  hn[i] = cell;
}

/** Puts (cost, cell), the heap's last entry, in the place of its top (just taken). */
function siftDown(hc: number[], hn: number[], cost: number, cell: number): void {
  const n = hc.length;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    let m = l;
    if (r < n && (hc[r] < hc[l] || (hc[r] === hc[l] && hn[r] < hn[l]))) m = r;
    if (cost < hc[m] || (cost === hc[m] && cell < hn[m])) break;
    hc[i] = hc[m];
    hn[i] = hn[m];
    i = m;
  }
  hc[i] = cost;
  hn[i] = cell;
}

/** Cells holding a standing enemy of `side`. */
export function enemyBlocked(s: SaState, g: Grid, side: SideName): (c: Cell) => boolean {
  const held = new Uint8Array(g.cols * g.rows);
  for (const f of s.figures) if (f.status === 'ready' && s.sections[f.section].side !== side) held[f.cell] = 1;
  return (c) => held[c] === 1;
}

/** The figures of a section that move this turn: standing, not suppressed, with a moving order. */
export function moversOf(s: SaState, sec: number): number[] {
  return s.sections[sec].members.filter((i) => {
    const f = s.figures[i];
    return f.status === 'ready' && !f.suppressed && moveModeOf(f) !== null;
  });
}

/**
 * The figure whose destination the player picks: the commander if he moves, else the first mover with
 * a rate. `movers`: the section's `moversOf`, when the caller has them.
 */
export function referenceFigure(s: SaState, rules: SaRules, sec: number, movers = moversOf(s, sec)): number {
  const withRate = movers.filter((i) => allowance(rules, s.figures[i], moveModeOf(s.figures[i])!) > 0);
  const c = commander(s, sec);
  if (c >= 0 && withRate.includes(c)) return c;
  return withRate.length ? withRate[0] : -1;
}

export interface Destination {
  cell: Cell;
  cost: Millimetres;
}

/** The least a mode must cover (rulebook: March at least 75 %, Combat at least 50 %, Cautious any distance). */
export function minimumMove(rules: SaRules, mode: MoveMode, rate: Millimetres): Millimetres {
  return rules.orders[mode].minFraction * rate;
}

/** Where a section's reference figure may end its move (`destinations`), with the flood of its allowance they come from. */
export interface Destinations {
  ref: number;
  mode: MoveMode;
  rate: Millimetres;
  min: Millimetres;
  cells: Destination[];
  exit: boolean;
  /** The reference figure's flood (every cell within its rate, around the enemy). */
  reach: Reach;
  /** The cells the section may not enter (`enemyBlocked`). */
  blocked: (c: Cell) => boolean;
  /** The figures that move with the section (`moversOf`). */
  movers: number[];
  /** Room: the standing figures that do not move with the section, by cell (`stayingFigures`); read only. */
  staying: Uint8Array;
}

/** How many standing figures that do not move with the section (`movers`) stand in each cell. */
export function stayingFigures(s: SaState, g: Grid, movers: number[]): Uint8Array {
  const out = new Uint8Array(g.cols * g.rows);
  s.figures.forEach((o, i) => {
    if (o.status === 'ready' && !movers.includes(i)) out[o.cell]++;
  });
  return out;
}

/**
 * Where the reference figure may end its move: cells within its rate, not held by the enemy, with
 * room; at least the order's minimum (when nothing that far can be reached: the farthest cells).
 */
export function destinations(s: SaState, rules: SaRules, sec: number): Destinations | null {
  const movers = moversOf(s, sec);
  const ref = referenceFigure(s, rules, sec, movers);
  if (ref < 0) return null;
  const g = gridFor(s, rules);
  const f = s.figures[ref];
  const mode = moveModeOf(f)!;
  const rate = allowance(rules, f, mode);
  const side = s.sections[sec].side;
  const blocked = enemyBlocked(s, g, side);
  const reach = reachable(rules, g, f.cell, rate, blocked);
  // Room: the figures standing that do not move with the section, by cell.
  const staying = stayingFigures(s, g, movers);
  const room = (c: Cell) => staying[c] < rules.grid.figuresPerCell;
  // The cells reached with room (its own cell always has room for it), in table order.
  const open = reach.cells.filter((c) => c === f.cell || room(c));
  const edge = homeEdge(s, rules, side);
  const exit = reach.cells.some((c) => onEdge(g, c, edge) && reach.costOf(c) + rules.grid.cellSize / 2 <= rate + EPS);
  const min = minimumMove(rules, mode, rate);
  const far = open.reduce((m, c) => Math.max(m, reach.costOf(c)), -Infinity);
  const need = Math.min(min, far);
  const cells: Destination[] = [];
  for (const cell of open) {
    const cost = reach.costOf(cell);
    if (cost + EPS >= need) cells.push({ cell, cost });
  }
  return { ref, mode, rate, min, cells, exit, reach, blocked, movers, staying };
}

/** The section's home edge (its entry edge: where it falls back and leaves the table). */
export function homeEdge(s: SaState, rules: SaRules, side: SideName): Edge {
  return scenarioOf(s, rules).sides[side].homeEdge;
}

/** Can a figure leave the table by its home edge this move (reach an edge cell with half a cell to spare)? */
export function canExit(s: SaState, rules: SaRules, fi: number): boolean {
  const f = s.figures[fi];
  const mode = moveModeOf(f);
  if (!mode) return false;
  const g = gridFor(s, rules);
  const side = s.sections[f.section].side;
  const rate = allowance(rules, f, mode);
  const edge = homeEdge(s, rules, side);
  const reach = reachable(rules, g, f.cell, rate, enemyBlocked(s, g, side));
  return reach.cells.some((c) => onEdge(g, c, edge) && reach.costOf(c) + rules.grid.cellSize / 2 <= rate + EPS);
}

/**
 * The movers that can leave the table by the home edge this move (`canExit`); `move <section> off`
 * is offered when any can: they leave, the rest move toward the edge (rules/small-action.md,
 * "Movement"). Those beyond their rate of the edge are not flooded.
 */
export function leavers(s: SaState, rules: SaRules, d: Destinations): number[] {
  const g = gridFor(s, rules);
  const edge = homeEdge(s, rules, s.sections[s.figures[d.ref].section].side);
  return d.movers.filter((i) => {
    const f = s.figures[i];
    const mode = moveModeOf(f);
    return mode !== null && edgeDistance(rules, g, f.cell, edge) <= allowance(rules, f, mode) + EPS && canExit(s, rules, i);
  });
}

/** Where one figure went in a move: `to` -1 when it left the table; `from === to` when it could not move. */
export interface Step {
  figure: number;
  from: Cell;
  to: Cell;
}

/**
 * Moves the section: `target` is the reference figure's destination, 'off' to leave by the home
 * edge. Each mover heads for its own place in the formation (or the edge) and stops at the reachable
 * cell nearest it. Returns how many moved and how many left the table, and where each mover ended
 * (the reference figure first). `asked`: the section's `destinations` in this state, when the
 * caller has them (the decision that offered the move): the reference figure, the movers, its flood,
 * the enemy-held cells and the room are theirs.
 */
export function moveSection(
  s: SaState,
  env: GameEnv,
  sec: number,
  target: Cell | 'off',
  asked?: Destinations,
): { moved: number; exited: number; steps: Step[] } {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const x = s.sections[sec];
  const edge = homeEdge(s, rules, x.side);
  const movers = asked ? asked.movers : moversOf(s, sec);
  const ref = asked ? asked.ref : referenceFigure(s, rules, sec, movers);
  if (ref < 0 || !movers.length) return { moved: 0, exited: 0, steps: [] };
  const from = s.figures[ref].cell;
  const dx = target === 'off' ? 0 : colOf(g, target) - colOf(g, from);
  const dy = target === 'off' ? 0 : rowOf(g, target) - rowOf(g, from);
  const ex = target === 'off' ? (edge === 'east' ? 1 : edge === 'west' ? -1 : 0) : dx;
  const ey = target === 'off' ? (edge === 'south' ? 1 : edge === 'north' ? -1 : 0) : dy;
  // The reference figure goes first: the player picked its cell, and `destinations` offered only
  // cells with room for it, so it always ends there. Then the front of the formation steps off
  // first, so the cells ahead are free for those behind.
  const ahead = (i: number) => colOf(g, s.figures[i].cell) * ex + rowOf(g, s.figures[i].cell) * ey;
  const order = movers.slice().sort((a, b) => (a === ref ? -1 : b === ref ? 1 : 0) || ahead(b) - ahead(a) || a - b);
  // Room: the figures that stay, by cell, and the cells where the movers placed so far ended.
  const staying = asked ? asked.staying : stayingFigures(s, g, movers);
  const ended: Cell[] = [];
  const room = (c: Cell) => {
    let n = staying[c];
    for (const e of ended) if (e === c) n++;
    return n < rules.grid.figuresPerCell;
  };
  const blocked = asked ? asked.blocked : enemyBlocked(s, g, x.side);
  // A flood depends only on where it starts, the rate and the enemy-held cells (which stay put during
  // the move): movers standing in the same cell at the same rate share it, worked out once per move.
  // A whole flood (no `until`) answers for any place: a cell's cost is final once the flood reaches it.
  const floods: { at: Cell; rate: Millimetres; until: Cell | undefined; reach: Reach }[] = [];
  if (asked) floods.push({ at: from, rate: asked.rate, until: undefined, reach: asked.reach });
  const floodFrom = (at: Cell, rate: Millimetres, until: Cell | undefined): Reach => {
    const known = floods.find((k) => k.at === at && k.rate === rate && (k.until === undefined || k.until === until));
    if (known) return known.reach;
    const reach = reachable(rules, g, at, rate, blocked, until);
    floods.push({ at, rate, until, reach });
    return reach;
  };
  let moved = 0;
  let exited = 0;
  const steps: Step[] = [];
  for (const fi of order) {
    const f = s.figures[fi];
    const start = f.cell;
    const mode = moveModeOf(f)!;
    const rate = allowance(rules, f, mode);
    const gx = Math.min(g.cols - 1, Math.max(0, colOf(g, f.cell) + dx));
    const gy = Math.min(g.rows - 1, Math.max(0, rowOf(g, f.cell) + dy));
    const goal = cellAt(g, gx, gy);
    // A mover that reaches its own place in the formation, with room there, goes there: nothing is
    // nearer it, so the flood may stop when it gets there. The reference figure's whole flood, when
    // the decision has it, picks the same cell.
    const place = target !== 'off' && room(goal);
    let best = -1;
    if (best < 0) {
      const reach = floodFrom(f.cell, rate, place ? goal : undefined);
      if (target === 'off' && rate > 0) {
        const out = reach.cells.some((c) => onEdge(g, c, edge) && reach.costOf(c) + rules.grid.cellSize / 2 <= rate + EPS);
        if (out) {
          f.status = 'exited';
          f.cell = -1;
          f.moved = true;
          exited++;
          steps.push({ figure: fi, from: start, to: -1 });
          continue;
        }
      }
      // Its place in the formation when it reaches it with room there; else the nearest cell to its
      // place (or the edge) with room, then the cheapest, then the lowest.
      if (place && reach.costOf(goal) < Infinity) best = goal;
      else best = nearestWithRoom(reach, room, (c) => (target === 'off' ? edgeDistance(rules, g, c, edge) : dist2(g, c, goal)));
    }
    if (best < 0) best = f.cell; // hemmed in on every side: it stays (cannot happen with two figures to a cell)
    ended.push(best);
    if (best !== f.cell) {
      f.cell = best;
      f.moved = true;
      moved++;
    }
    steps.push({ figure: fi, from: start, to: best });
  }
  // Facing follows the move; a section falling back (morale, our house rule) keeps the facing it had:
  // it withdraws facing the enemy (rules/small-action.md, "Facing and the arc").
  const face = facingOf(ex, ey);
  if (face && !x.fallBack) x.facing = face;
  return { moved, exited, steps };
}

/**
 * The cell a mover ends on when it cannot reach its place: among those its flood reached with room,
 * the nearest its place (`near`), then the cheapest, then the lowest; -1 when none has room.
 */
function nearestWithRoom(reach: Reach, room: (c: Cell) => boolean, near: (c: Cell) => number): Cell {
  let best = -1;
  let bestNear = Infinity;
  let bestCost = Infinity;
  for (const c of reach.cells) {
    const cost = reach.costOf(c);
    if (!room(c)) continue;
    const n = near(c);
    if (
      n < bestNear - EPS ||
      (Math.abs(n - bestNear) <= EPS && (cost < bestCost - EPS || (Math.abs(cost - bestCost) <= EPS && c < best)))
    ) {
      best = c;
      bestNear = n;
      bestCost = cost;
    }
  }
  return best;
}

/** The cell, among the destinations, nearest the home edge (a falling-back section's move). */
export function fallBackCell(s: SaState, rules: SaRules, sec: number, cells: Destination[]): Cell {
  const g = gridFor(s, rules);
  const edge = homeEdge(s, rules, s.sections[sec].side);
  let best = cells[0];
  for (const d of cells) {
    const a = edgeDistance(rules, g, d.cell, edge);
    const b = edgeDistance(rules, g, best.cell, edge);
    if (
      a < b - EPS ||
      (Math.abs(a - b) <= EPS && (d.cost > best.cost + EPS || (Math.abs(d.cost - best.cost) <= EPS && d.cell < best.cell)))
    )
      best = d;
  }
  return best.cell;
}
