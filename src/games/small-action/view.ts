/**
 * What one side may see. Everything on the table is in plain sight (figures, casualties, who is
 * suppressed); the only secret is the other side's order cards until they are revealed: its view
 * holds nothing of them, not even whether they are laid. `pending` describes the viewer's own
 * pending decision (targets with ranges and numbers, destinations), for the screen and the bots.
 */
import { canSee, cellId, cellKey, distance, edgeDistance, gridOf, parseCell, terrainOf } from './geometry.js';
import { cardName } from './orders.js';
import { destinations, homeEdge, leavers } from './movement.js';
import { fireTargets } from './phases.js';
import { throwTargets } from './grenades.js';
import { ask } from './turn.js';
import { actsAsBody, closeCommandRadius, commander, commandRadius, isPinned, readyMembers, scenarioOf } from './section.js';
import type { CellId, Cover, Edge, Facing, Klass, Millimetres, OrderCard, Role, SaRules, SaState, SideName, Stage } from './types.js';
import { SIDES } from './types.js';
import type { FirePreview } from './fire.js';

export interface FigureView {
  label: string;
  name: string;
  section: string;
  side: SideName;
  role: Role;
  weapon: string;
  grenades: number;
  /** null when it has left the table. */
  cell: CellId | null;
  status: 'ready' | 'casualty' | 'exited';
  suppressed: boolean;
  /** The order it carries out (public once revealed: this turn's, or last turn's before the reveal). */
  order: string | null;
  fm: 'fire' | 'move' | null;
  moved: boolean;
}

export interface SectionView {
  id: string;
  name: string;
  side: SideName;
  cls: Klass;
  mark: string;
  /** The section's number in the scenario (1, 2, ...). */
  number: number;
  facing: Facing;
  /** This turn's card: the viewer's own, or anyone's once revealed; absent otherwise. */
  card?: string;
  /** A forced order and why (public). */
  forcedWhy: string | null;
  commander: string | null;
  /** The command radius where the commander stands (to figures in the open), in mm; 0 with no commander. */
  radius: Millimetres;
  /** The command radius to figures in close country or built-up ground, in mm (Issuing Orders). */
  radiusClose: Millimetres;
  pinned: boolean;
  /** Leader and 2IC gone off the table and --option leaders-off=as-body: the men left take each card (absent otherwise). */
  asBody?: true;
  ready: number;
  casualties: number;
  exited: number;
  suppressed: number;
}

/** A section this one could fire at, and how that fire would look (fire.ts, FirePreview). */
export interface TargetView extends FirePreview {
  section: string;
  name: string;
}

export interface DestinationView {
  /** Option word: a cell id in lower case, "stay" or "off". */
  to: string;
  cost: Millimetres;
  cover: Cover;
  enemiesInSight: number;
  nearestEnemy: Millimetres;
  edge: Millimetres;
  objective: Millimetres | null;
}

export interface PendingView {
  stage: Stage;
  section: string;
  targets: TargetView[];
  destinations: DestinationView[];
  throws: { cell: string; enemies: number; friends: number }[];
  /** For order cards: what the section faces. */
  enemiesInSight: number;
  /** Labels of the enemy figures the section sees within 1000 mm (the screen keeps them on the map). */
  enemiesSeen: string[];
  nearestEnemy: Millimetres;
  inCover: number;
  homeDistance: Millimetres;
}

export interface SaView {
  viewer: SideName | 'all';
  scenario: {
    id: string;
    name: string;
    sides: Record<SideName, { name: string; homeEdge: Edge }>;
    objectives: { name: string; cells: string[]; points: number }[];
    mustExit: SideName | null;
  };
  /** Terrain as map characters, one string per row; and the name of each character. */
  map: string[];
  legend: [string, string][];
  cellSize: Millimetres;
  turn: number;
  turnLimit: number;
  stage: Stage;
  phase: string;
  first: SideName;
  revealed: boolean;
  sections: SectionView[];
  figures: FigureView[];
  points: Record<SideName, number>;
  over: boolean;
  winner: SideName | null;
  endReason: string | null;
  /** Whose decision is pending (side), and for the viewer's own decision, what it is about. */
  deciding: SideName | null;
  pending: PendingView | null;
}

const PHASE: Record<Stage, string> = {
  orders: 'Place order cards',
  suppressive: 'Suppressive fire',
  movement: 'Movement',
  aimed: 'Aimed fire',
  over: 'Game over',
};

export function cardText(rules: SaRules, c: OrderCard | null): string | null {
  return c ? cardName(rules, c) : null;
}

export function makeView(s: SaState, viewer: SideName | 'all', rules: SaRules): SaView {
  const sc = scenarioOf(s, rules);
  const g = gridOf(rules, s.scenario);
  const sees = (side: SideName) => viewer === 'all' || viewer === side || s.revealed;
  const sections: SectionView[] = s.sections.map((x, i) => {
    const c = commander(s, i);
    const members = x.members.map((m) => s.figures[m]);
    const v: SectionView = {
      id: x.id,
      name: x.name,
      side: x.side,
      cls: x.cls,
      mark: x.mark,
      number: i + 1,
      facing: x.facing,
      forcedWhy: x.forcedWhy,
      commander: c >= 0 ? s.figures[c].label : null,
      radius: c >= 0 ? commandRadius(s, rules, i, c) : 0,
      radiusClose: closeCommandRadius(s, rules, i),
      pinned: isPinned(s, i),
      ready: readyMembers(s, i).length,
      casualties: members.filter((f) => f.status === 'casualty').length,
      exited: members.filter((f) => f.status === 'exited').length,
      suppressed: members.filter((f) => f.suppressed).length,
    };
    if (actsAsBody(s, i)) v.asBody = true;
    // A forced card (the scenario's first order, a failed morale test) is public: laid for the player.
    if (x.card && (sees(x.side) || x.forcedWhy !== null)) v.card = cardName(rules, x.card);
    return v;
  });
  const figures: FigureView[] = s.figures.map((f) => ({
    label: f.label,
    name: f.name,
    section: s.sections[f.section].id,
    side: s.sections[f.section].side,
    role: f.role,
    weapon: f.weapon,
    grenades: f.grenades,
    cell: f.cell >= 0 ? cellId(g, f.cell) : null,
    status: f.status,
    suppressed: f.suppressed,
    order: f.order ? cardName(rules, f.order) : null,
    fm: f.fm,
    moved: f.moved,
  }));
  const legend: [string, string][] = Object.values(rules.terrain)
    .filter((t) => sc.map.some((r) => r.includes(t.char)))
    .map((t) => [t.char, t.name]);
  const a = s.over ? null : ask(s, rules);
  let pending: PendingView | null | undefined;
  return {
    viewer,
    scenario: { id: sc.id, name: sc.name, sides: sc.sides, objectives: sc.victory.hold, mustExit: sc.victory.mustExit?.side ?? null },
    map: sc.map,
    legend,
    cellSize: rules.grid.cellSize,
    turn: s.turn,
    turnLimit: s.turnLimit,
    stage: s.stage,
    phase: PHASE[s.stage],
    first: s.first,
    revealed: s.revealed,
    sections,
    figures,
    points: s.over ? s.points : { Blue: 0, Red: 0 },
    over: s.over,
    winner: s.winner,
    endReason: s.endReason,
    deciding: a ? a.side : null,
    // Worked out only when read (the screen, the heuristic bot): a random bot never reads it.
    // A getter in the literal: enumerable, so JSON.stringify (replay --json) still writes it.
    get pending() {
      if (pending === undefined) pending = a && (viewer === 'all' || viewer === a.side) ? pendingView(s, rules) : null;
      return pending;
    },
  };
}

/** What the pending decision is about, for the side that makes it (never the other side's cards). */
function pendingView(s: SaState, rules: SaRules): PendingView | null {
  const g = gridOf(rules, s.scenario);
  let sec: number;
  if (s.stage === 'orders') {
    sec = s.sections.findIndex((x) => x.side === s.ordering && x.card === null && readyMembers(s, s.sections.indexOf(x)).length > 0);
  } else sec = s.queue[0] ?? -1;
  if (sec < 0) return null;
  const x = s.sections[sec];
  const mine = readyMembers(s, sec);
  const enemies = s.figures.filter((f) => f.status === 'ready' && s.sections[f.section].side !== x.side);
  const seen = new Set<number>();
  let nearestEnemy = Infinity;
  for (const m of mine) {
    for (const e of enemies) {
      const d = distance(rules, g, s.figures[m].cell, e.cell);
      if (d <= 1000 && canSee(rules, g, s.figures[m].cell, e.cell)) seen.add(s.figures.indexOf(e));
      nearestEnemy = Math.min(nearestEnemy, d);
    }
  }
  const edge = homeEdge(s, rules, x.side);
  const objectives = scenarioOf(s, rules).victory.hold.flatMap((h) => h.cells.map((c) => parseCell(g, c)));
  const p: PendingView = {
    stage: s.stage,
    section: x.id,
    targets: [],
    destinations: [],
    throws: [],
    enemiesInSight: seen.size,
    enemiesSeen: [...seen].sort((a, b) => a - b).map((i) => s.figures[i].label),
    nearestEnemy: Number.isFinite(nearestEnemy) ? nearestEnemy : 0,
    inCover: mine.filter((m) => terrainOf(rules, g, s.figures[m].cell).cover !== 'none').length,
    homeDistance: mine.length ? Math.min(...mine.map((m) => edgeDistance(rules, g, s.figures[m].cell, edge))) : 0,
  };
  if (s.stage === 'suppressive' || s.stage === 'aimed') {
    p.targets = fireTargets(s, rules, sec, s.stage === 'aimed' ? 'aimed' : 'suppressive').map(({ target, preview }) => ({
      section: s.sections[target].id,
      name: s.sections[target].name,
      ...preview,
    }));
  }
  if (s.stage === 'aimed') {
    p.throws = throwTargets(s, rules, sec).map((t) => {
      const near = s.figures.filter((f) => f.status === 'ready' && distance(rules, g, f.cell, t.cell) <= rules.grenades.secondaryRadius);
      return {
        cell: cellKey(g, t.cell),
        enemies: near.filter((f) => f.cell === t.cell && s.sections[f.section].side !== x.side).length,
        friends: near.filter((f) => s.sections[f.section].side === x.side).length,
      };
    });
  }
  if (s.stage === 'movement') {
    const d = destinations(s, rules, sec);
    if (d) {
      const ref = s.figures[d.ref];
      for (const c of d.cells) {
        let inSight = 0;
        let near = Infinity;
        for (const e of enemies) {
          const dd = distance(rules, g, c.cell, e.cell);
          near = Math.min(near, dd);
          if (dd <= 1000 && canSee(rules, g, c.cell, e.cell)) inSight++;
        }
        p.destinations.push({
          to: c.cell === ref.cell ? 'stay' : cellKey(g, c.cell),
          cost: c.cost,
          cover: terrainOf(rules, g, c.cell).cover,
          enemiesInSight: inSight,
          nearestEnemy: Number.isFinite(near) ? near : 0,
          edge: edgeDistance(rules, g, c.cell, edge),
          objective: objectives.length ? Math.min(...objectives.map((o) => distance(rules, g, c.cell, o))) : null,
        });
      }
      if (d.exit || leavers(s, rules, d).length)
        p.destinations.push({ to: 'off', cost: 0, cover: 'none', enemiesInSight: 0, nearestEnemy: 0, edge: 0, objective: null });
    }
  }
  return p;
}

export { SIDES };
