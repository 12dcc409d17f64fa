/**
 * Movement points and whether one step may be taken (rulebook 5, 7): terrain and road rates, river
 * hexsides, the always-one-hex rule, no entry into enemy hexes, stacking on the way and behind.
 */
import { hasEnemy, hexSide, positionsOf, terrainEnterCost, terrainOf, unitData, type Positions } from './map.js';
import { mayStand } from './stacking.js';
import type { HexId, HexSide, IrlRules, IrlState, MovingGroup, SideName, UnitData, UnitId } from './state.js';

/** The side whose movement phase it is: the French in phase B, the English in phase D (rulebook 3.1). */
export const movingSide = (s: IrlState): SideName => (s.phase === 'B' ? 'French' : 'English');

/**
 * Movement points for `unit` to enter `to` from `from` at the terrain rates (river hexsides +1 unless a
 * road crosses; map.ts, terrainEnterCost), from the rules' hexsides for neighbours. Null = prohibited.
 */
export function enterCost(rules: IrlRules, unit: UnitId, from: HexId, to: HexId): number | null {
  const type = unitData(rules, unit).type;
  const across = hexSide(rules, from, to);
  return across ? across.cost[type] : terrainEnterCost(rules, type, from, to);
}

/** Why the group may not step into `to` (null when it may); `at`: who stands where. */
export function stepProblem(s: IrlState, rules: IrlRules, g: MovingGroup, to: HexId, at: Positions = positionsOf(s, rules)): string | null {
  const across = hexSide(rules, g.path[g.path.length - 1], to);
  if (!across) return 'not next to the stack';
  return problemAcross(s, rules, g, across, at);
}

/** Why the group may not step across the hexside `across` of the hex it stands in (null when it may); `at`: who stands where. */
export function problemAcross(s: IrlState, rules: IrlRules, g: MovingGroup, across: HexSide, at: Positions): string | null {
  const side = unitData(rules, g.units[0]).side;
  if (hasEnemy(at, rules, across.toId, side)) return 'enemy units there';
  for (const u of g.units) {
    const points = pointsProblem(rules, u, g.spent[u], across);
    if (points) return points;
  }
  if (!mayStand(s, rules, at, across.toId, g.units, g.generals)) return 'stacking';
  if (g.path.length === 1 && !mayLeave(s, rules, g, at)) return 'stacking of the units left behind';
  return null;
}

/** Why a unit that has spent `sp` may not pay for the step across the hexside `across` (rulebook 7); null when it may. */
export function pointsProblem(rules: IrlRules, u: UnitId, sp: Spent, across: HexSide): string | null {
  const unit = unitData(rules, u);
  if (sp.exhausted) return `${unit.name} has no movement points left`;
  const c = across.cost[unit.type];
  if (c === null) return `${unit.name} may not enter ${terrainOf(rules, across.toId)}`;
  if (sp.steps === 0) return null; // rulebook 7: a unit can always enter an adjacent hex
  const road = sp.road && across.road;
  const total = road ? rules.movement.roadCost * (sp.steps + 1) : sp.normal + c;
  if (total > unit.mp) return `${unit.name} lacks the movement points`;
  return null;
}

/** At the first step: those left behind in the start hex keep the stacking limit without the generals who ride away (rulebook 5). */
export function mayLeave(s: IrlState, rules: IrlRules, g: MovingGroup, at: Positions): boolean {
  return !g.generals.length || mayStand(s, rules, at, g.path[0], [], [], g.units, g.generals);
}

/** What a unit of a moving group has spent (rulebook 7). */
export type Spent = MovingGroup['spent'][UnitId];

/**
 * The movement points `unit` has spent after stepping across the hexside `across` (rulebook 7), or null
 * when it may not pay for the step (the same test as pointsProblem, which also says why).
 */
export function spentAfter(rules: IrlRules, unit: UnitData, sp: Spent, across: HexSide): Spent | null {
  if (sp.exhausted) return null;
  const c = across.cost[unit.type];
  if (c === null) return null;
  const road = sp.road && across.road;
  const total = road ? rules.movement.roadCost * (sp.steps + 1) : sp.normal + c;
  const over = total > unit.mp;
  // Rulebook 7: a unit can always enter an adjacent hex; that one-hex move spends everything.
  if (over && sp.steps > 0) return null;
  return { normal: sp.normal + c, road, steps: sp.steps + 1, exhausted: over };
}
