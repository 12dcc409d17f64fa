/**
 * What both heuristic bots read from their side's view (module contract: a bot sees only its side's
 * view): the strength it believes stands in a hex, its chance on the CRT, the hexes it may step into,
 * and the march toward a goal one step at a time. The English never look inside Humbert's stack: they
 * guess its strength from its counters, conservatively (every counter a strong one).
 */
import type { Decision } from '../../engine/module.js';
import { crtCell, oddsColumn } from './combat.js';
import { distance, neighboursOf } from './map.js';
import type { HexId, SideName } from './state.js';
import type { IrlView, UnitView } from './view.js';

/** SP the English assume for each counter of Humbert's hidden stack: the strongest French counter. */
const HIDDEN_SP_PER_COUNTER = 2;
/** Counters the English assume in Humbert's stack when its size is hidden (the landing force and a recruit). */
const HIDDEN_COUNTERS_UNKNOWN = 6;
/** Hexes within which an enemy unit is taken to be able to reach a town next turn (4 MP, half on roads). */
export const THREAT_RANGE = 6;

export const enemyOf = (me: SideName): SideName => (me === 'French' ? 'English' : 'French');

/** Strength the viewer believes stands in a hex (the hidden stack counted as strong counters). */
export function believedStrength(v: IrlView, h: HexId, side: SideName): number {
  let sp = v.units.filter((u) => u.place === 'map' && u.hex === h && u.side === side).reduce((t, u) => t + u.strength, 0);
  if (side === 'French' && v.hiddenStack && !v.hiddenStack.atSea && v.hiddenStack.hex === h)
    sp += HIDDEN_SP_PER_COUNTER * (v.hiddenStack.counters ?? HIDDEN_COUNTERS_UNKNOWN);
  return sp;
}

export function enemyHexes(v: IrlView, me: SideName): HexId[] {
  const out = new Set<HexId>();
  for (const u of v.units) if (u.side !== me && u.place === 'map' && u.hex) out.add(u.hex);
  if (me === 'English' && v.hiddenStack && !v.hiddenStack.atSea) out.add(v.hiddenStack.hex);
  return [...out].sort();
}

export const myUnitsIn = (v: IrlView, me: SideName, h: HexId): UnitView[] =>
  v.units.filter((u) => u.side === me && u.place === 'map' && u.hex === h);

export const spOf = (units: UnitView[]): number => units.reduce((t, u) => t + u.strength, 0);

/** The general of `side` standing in `h`, if any (his bonus goes to his side's die). */
export function generalBonusAt(v: IrlView, h: HexId, side: SideName): number {
  let bonus = 0;
  for (const g of v.generals) {
    const data = v.rules.index.general[g.id];
    if (data.side === side && g.place === 'map' && g.hex === h) bonus += data.bonus;
  }
  return bonus;
}

/**
 * The attacker's chance of winning a combat (a bold "a" on the CRT, 8.2-8.3) with `attack` SP against
 * `defence` SP in `target`: the odds column less the terrain shift, `shift` more columns (to the right
 * for the attacker, e.g. the bayonet charge, 11.1), the die modified by `dieMod` (generals, 2).
 */
export function crtChance(v: IrlView, attack: number, defence: number, target: HexId, shift: number, dieMod: number): number {
  const r = v.rules;
  let column = oddsColumn(r, attack, Math.max(1, defence)) - r.index.terrain[r.index.hex[target].terrain].shift + shift;
  column = Math.max(0, Math.min(r.crt.columns.length - 1, column));
  let wins = 0;
  for (let die = 1; die <= 6; die++) if (crtCell(r, column, die + dieMod).winner === 'attacker') wins++;
  return wins / 6;
}

/**
 * The attacker's chance of winning with `attack` SP against what it believes stands in `target`: the
 * river shift when every attacking hex is across it, plus `shift` columns (the bayonet charge, 11.1),
 * the die raised by its general (when one stands in `from`) and by `dieMod`, lowered by the defender's.
 */
export function attackChance(v: IrlView, me: SideName, attack: number, target: HexId, from: HexId[], shift = 0, dieMod = 0): number {
  const r = v.rules;
  const river = from.length && from.every((h) => r.index.river[h]?.[target]) ? r.movement.riverShift : 0;
  const mod = Math.max(0, ...from.map((h) => generalBonusAt(v, h, me))) - generalBonusAt(v, target, enemyOf(me)) + dieMod;
  return crtChance(v, attack, believedStrength(v, target, enemyOf(me)), target, shift - river, mod);
}

/** Hexes a stack may step into, as far as the view tells: on the map, no lake or sea, no enemy. */
export function passable(v: IrlView, me: SideName, h: HexId): boolean {
  const t = v.rules.index.terrain[v.rules.index.hex[h].terrain];
  return t.cost.infantry !== null && !enemyHexes(v, me).includes(h);
}

/** Whether an enemy unit (or Humbert's stack) stands within reach of `h` next turn. */
export const threatened = (v: IrlView, me: SideName, h: HexId): boolean =>
  enemyHexes(v, me).some((e) => distance(v.rules, e, h) <= THREAT_RANGE);

export function optionIds(d: Decision, prefix: string): string[] {
  return d.options.filter((o) => o.id.startsWith(prefix)).map((o) => o.id);
}

/**
 * The attacks a combat decision offers (8): each option's id, the hex attacked and the strength points
 * that may join it, as its label gives them ("up to N SP").
 */
export function attackOffers(d: Decision): { id: string; hex: HexId; avail: number }[] {
  return d.options
    .filter((o) => o.id.startsWith('attack '))
    .map((o) => ({ id: o.id, hex: o.id.slice('attack '.length), avail: Number(/up to (\d+) SP/.exec(o.label)?.[1] ?? 0) }));
}

export const unitOf = (v: IrlView, id: string): UnitView | undefined => v.units.find((u) => u.id === id);

/** Where a stack marches. */
export interface Goal {
  hex: HexId;
  /** 'attack': stop next to it; otherwise stop in it. */
  kind: 'attack' | 'town' | 'join';
}

export const reached = (v: IrlView, h: HexId, g: Goal): boolean => distance(v.rules, h, g.hex) <= (g.kind === 'attack' ? 1 : 0);

/** Danger of standing in `h`: next to an enemy stack stronger than half again our own (not our target). */
export function exposed(v: IrlView, me: SideName, h: HexId, sp: number, goal: Goal | null): boolean {
  return enemyHexes(v, me).some((e) => e !== goal?.hex && distance(v.rules, h, e) === 1 && believedStrength(v, e, enemyOf(me)) > sp * 1.5);
}

/**
 * March cost to `goal` from every hex (7: infantry terrain costs, half a hex along a road, the river
 * hexside extra), around the hexes the enemy of `me` holds (the goal may be one): what "nearer" means
 * for a stack on the way (a straight line may run into a lough).
 */
export function marchCosts(v: IrlView, me: SideName, goal: HexId): Record<HexId, number> {
  const r = v.rules;
  const enemies = new Set(enemyHexes(v, me));
  const cost: Record<HexId, number> = { [goal]: 0 };
  const open = [goal];
  while (open.length) {
    open.sort((a, b) => cost[a] - cost[b] || (a < b ? -1 : 1));
    const b = open.shift()!;
    for (const a of neighboursOf(r, b)) {
      if (enemies.has(a)) continue;
      const side = r.index.sides[r.index.hexNumber[a]].find((x) => x.toId === b)!;
      const step = side.road ? r.movement.roadCost : side.cost.infantry;
      if (step === null) continue;
      if (cost[a] === undefined || cost[b] + step < cost[a]) {
        if (cost[a] === undefined) open.push(a);
        cost[a] = cost[b] + step;
      }
    }
  }
  return cost;
}

/** The step toward the goal: a neighbour with a cheaper march to it (safe ones first, then the cheapest), if any. */
export function stepToward(v: IrlView, me: SideName, here: HexId, steps: HexId[], goal: Goal, sp: number): HexId | null {
  const cost = marchCosts(v, me, goal.hex);
  const far = (h: HexId) => cost[h] ?? Infinity;
  const ranked = steps
    .filter((h) => far(h) < far(here))
    .sort((a, b) => Number(exposed(v, me, a, sp, goal)) - Number(exposed(v, me, b, sp, goal)) || far(a) - far(b) || (a < b ? -1 : 1));
  return ranked[0] ?? null;
}
