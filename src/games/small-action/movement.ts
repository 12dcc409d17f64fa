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
import { cellAt, colOf, dist2, edgeDistance, facingOf, onEdge, rowOf, terrainOf } from './geometry.js';
import { commander, gridFor, moveModeOf, rulesOf, scenarioOf } from './section.js';
import type { Cell, Edge, FigureState, Grid, Millimetres, MoveMode, SaRules, SaState, SideName } from './types.js';

const EPS = 1e-6;

/** Speed factor of the ground in a cell (rulebook: Movement Rates modifiers). */
function speed(rules: SaRules, g: Grid, c: Cell): number {
  return rules.movementModifiers[terrainOf(rules, g, c).movement];
}

/** A figure's rate for a mode, or 0 when its troop type has none ('*' in the table). */
export function allowance(rules: SaRules, f: FigureState, mode: MoveMode): Millimetres {
  const troop = rules.weapons[f.weapon].troop;
  return rules.movementRates[troop][mode] ?? 0;
}

/**
 * Every cell a figure at `from` can reach within `budget` mm, with the cost of the cheapest path.
 * `blocked(c)`: cells it may not enter (enemy figures).
 */
export function reachable(rules: SaRules, g: Grid, from: Cell, budget: Millimetres, blocked: (c: Cell) => boolean): Map<Cell, Millimetres> {
  const cs = rules.grid.cellSize;
  const best = new Map<Cell, Millimetres>([[from, 0]]);
  const open: [Millimetres, Cell][] = [[0, from]];
  while (open.length) {
    // The frontier is small (a few dozen cells): a linear scan for the cheapest is enough.
    let k = 0;
    for (let i = 1; i < open.length; i++) if (open[i][0] < open[k][0] || (open[i][0] === open[k][0] && open[i][1] < open[k][1])) k = i;
    const [cost, c] = open[k];
    open.splice(k, 1);
    if (cost > (best.get(c) ?? Infinity) + EPS) continue;
    const x = colOf(g, c);
    const y = rowOf(g, c);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const n = cellAt(g, x + dx, y + dy);
        if (n < 0 || blocked(n)) continue;
        let sp = speed(rules, g, n);
        let len = cs;
        if (dx && dy) {
          len = cs * Math.SQRT2;
          const side = Math.max(speed(rules, g, cellAt(g, x + dx, y)), speed(rules, g, cellAt(g, x, y + dy)));
          sp = Math.min(sp, side);
        }
        const nc = cost + len / sp;
        if (nc > budget + EPS) continue;
        if (nc + EPS < (best.get(n) ?? Infinity)) {
          best.set(n, nc);
          open.push([nc, n]);
        }
      }
    }
  }
  return best;
}

/** Cells holding a standing enemy of `side`. */
export function enemyBlocked(s: SaState, side: SideName): (c: Cell) => boolean {
  const held = new Set<Cell>();
  for (const f of s.figures) if (f.status === 'ready' && s.sections[f.section].side !== side) held.add(f.cell);
  return (c) => held.has(c);
}

/** The figures of a section that move this turn: standing, not suppressed, with a moving order. */
export function moversOf(s: SaState, sec: number): number[] {
  return s.sections[sec].members.filter((i) => {
    const f = s.figures[i];
    return f.status === 'ready' && !f.suppressed && moveModeOf(f) !== null;
  });
}

/** The figure whose destination the player picks: the commander if he moves, else the first mover with a rate. */
export function referenceFigure(s: SaState, rules: SaRules, sec: number): number {
  const movers = moversOf(s, sec).filter((i) => allowance(rules, s.figures[i], moveModeOf(s.figures[i])!) > 0);
  const c = commander(s, sec);
  if (c >= 0 && movers.includes(c)) return c;
  return movers.length ? movers[0] : -1;
}

export interface Destination {
  cell: Cell;
  cost: Millimetres;
}

/** The least a mode must cover (rulebook: March at least 75 %, Combat at least 50 %, Cautious any distance). */
export function minimumMove(rules: SaRules, mode: MoveMode, rate: Millimetres): Millimetres {
  return rules.orders[mode].minFraction * rate;
}

/**
 * Where the reference figure may end its move: cells within its rate, not held by the enemy, with
 * room; at least the order's minimum (when nothing that far can be reached: the farthest cells).
 */
export function destinations(s: SaState, rules: SaRules, sec: number): { ref: number; mode: MoveMode; rate: Millimetres; min: Millimetres; cells: Destination[] } | null {
  const ref = referenceFigure(s, rules, sec);
  if (ref < 0) return null;
  const g = gridFor(s, rules);
  const f = s.figures[ref];
  const mode = moveModeOf(f)!;
  const rate = allowance(rules, f, mode);
  const side = s.sections[sec].side;
  const reach = reachable(rules, g, f.cell, rate, enemyBlocked(s, side));
  const movers = new Set(moversOf(s, sec));
  const room = (c: Cell) => {
    let n = 0;
    for (let i = 0; i < s.figures.length; i++) {
      const o = s.figures[i];
      if (o.cell === c && o.status === 'ready' && !movers.has(i)) n++;
    }
    return n < rules.grid.figuresPerCell;
  };
  let cells = [...reach.entries()].filter(([c]) => c === f.cell || room(c)).map(([cell, cost]) => ({ cell, cost }));
  const min = minimumMove(rules, mode, rate);
  const far = Math.max(...cells.map((d) => d.cost));
  const need = Math.min(min, far);
  cells = cells.filter((d) => d.cost + EPS >= need);
  cells.sort((a, b) => a.cell - b.cell);
  return { ref, mode, rate, min, cells };
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
  const reach = reachable(rules, g, f.cell, rate, enemyBlocked(s, side));
  for (const [c, cost] of reach) if (onEdge(g, c, edge) && cost + rules.grid.cellSize / 2 <= rate + EPS) return true;
  return false;
}

/**
 * Moves the section: `target` is the reference figure's destination, 'off' to leave by the home
 * edge. Each mover heads for its own place in the formation (or the edge) and stops at the reachable
 * cell nearest it. Returns how many moved and how many left the table.
 */
export function moveSection(s: SaState, env: GameEnv, sec: number, target: Cell | 'off'): { moved: number; exited: number } {
  const rules = rulesOf(env);
  const g = gridFor(s, rules);
  const x = s.sections[sec];
  const edge = homeEdge(s, rules, x.side);
  const ref = referenceFigure(s, rules, sec);
  const movers = moversOf(s, sec);
  if (ref < 0 || !movers.length) return { moved: 0, exited: 0 };
  const from = s.figures[ref].cell;
  const dx = target === 'off' ? 0 : colOf(g, target) - colOf(g, from);
  const dy = target === 'off' ? 0 : rowOf(g, target) - rowOf(g, from);
  const ex = target === 'off' ? (edge === 'east' ? 1 : edge === 'west' ? -1 : 0) : dx;
  const ey = target === 'off' ? (edge === 'south' ? 1 : edge === 'north' ? -1 : 0) : dy;
  // The front of the formation steps off first, so the cells ahead are free for those behind.
  const ahead = (i: number) => colOf(g, s.figures[i].cell) * ex + rowOf(g, s.figures[i].cell) * ey;
  const order = movers.slice().sort((a, b) => ahead(b) - ahead(a) || (a === ref ? -1 : b === ref ? 1 : 0) || a - b);
  const moving = new Set(movers);
  // Room: the figures that stay, then each mover where it ends.
  const held = new Map<Cell, number>();
  for (let i = 0; i < s.figures.length; i++) {
    const o = s.figures[i];
    if (o.status === 'ready' && !moving.has(i)) held.set(o.cell, (held.get(o.cell) ?? 0) + 1);
  }
  const blocked = enemyBlocked(s, x.side);
  let moved = 0;
  let exited = 0;
  for (const fi of order) {
    const f = s.figures[fi];
    const mode = moveModeOf(f)!;
    const rate = allowance(rules, f, mode);
    const reach = rate > 0 ? reachable(rules, g, f.cell, rate, blocked) : new Map<Cell, Millimetres>([[f.cell, 0]]);
    if (target === 'off' && rate > 0) {
      const out = [...reach.entries()].some(([c, cost]) => onEdge(g, c, edge) && cost + rules.grid.cellSize / 2 <= rate + EPS);
      if (out) {
        f.status = 'exited';
        f.cell = -1;
        f.moved = true;
        exited++;
        continue;
      }
    }
    const gx = Math.min(g.cols - 1, Math.max(0, colOf(g, f.cell) + dx));
    const gy = Math.min(g.rows - 1, Math.max(0, rowOf(g, f.cell) + dy));
    const goal = cellAt(g, gx, gy);
    let best = -1;
    let bestKey = [Infinity, Infinity, Infinity];
    for (const [c, cost] of reach) {
      if ((held.get(c) ?? 0) >= rules.grid.figuresPerCell) continue;
      const k = target === 'off' ? [edgeDistance(rules, g, c, edge), cost, c] : [dist2(g, c, goal), cost, c];
      if (k[0] < bestKey[0] - EPS || (Math.abs(k[0] - bestKey[0]) <= EPS && (k[1] < bestKey[1] - EPS || (Math.abs(k[1] - bestKey[1]) <= EPS && k[2] < bestKey[2])))) {
        best = c;
        bestKey = k;
      }
    }
    if (best < 0) best = f.cell; // hemmed in on every side: it stays (cannot happen with two figures to a cell)
    held.set(best, (held.get(best) ?? 0) + 1);
    if (best !== f.cell) {
      f.cell = best;
      f.moved = true;
      moved++;
    }
  }
  const face = facingOf(ex, ey);
  if (face) x.facing = face;
  return { moved, exited };
}

/** The cell, among the destinations, nearest the home edge (a falling-back section's move). */
export function fallBackCell(s: SaState, rules: SaRules, sec: number, cells: Destination[]): Cell {
  const g = gridFor(s, rules);
  const edge = homeEdge(s, rules, s.sections[sec].side);
  let best = cells[0];
  for (const d of cells) {
    const a = edgeDistance(rules, g, d.cell, edge);
    const b = edgeDistance(rules, g, best.cell, edge);
    if (a < b - EPS || (Math.abs(a - b) <= EPS && (d.cost > best.cost + EPS || (Math.abs(d.cost - best.cost) <= EPS && d.cell < best.cell)))) best = d;
  }
  return best.cell;
}
