/**
 * The map (rulebook 1.2; reconstructed, see rules/irlande-1798.md "The map"): hex geometry through
 * honeycomb-grid (pointy-top hexes, rows with an even XX half a hex east), neighbours, roads and
 * rivers on hexsides, and who stands where.
 */
import { distance as hexDistance, offsetToCube, Orientation } from 'honeycomb-grid';
import type { GameEnv } from '../../engine/module.js';
import type {
  GeneralId,
  HexId,
  HexSide,
  IrlRules,
  IrlRulesData,
  IrlState,
  MapIndex,
  MovementPoints,
  SideName,
  Terrain,
  UnitData,
  UnitId,
  UnitState,
  UnitType,
} from './state.js';

/** honeycomb-grid settings: pointy hexes, odd 0-based rows (XX = 02, 04, ...) shifted east. */
const HEX_SETTINGS = { orientation: Orientation.POINTY, offset: -1 as const };

/** Offset coordinates of a hex: col 0 is the west edge (YY 11), row 0 the north edge (XX 01). */
export function offsetOf(id: HexId, columns = 11): { col: number; row: number } {
  return { col: columns - Number(id.slice(2)), row: Number(id.slice(0, 2)) - 1 };
}

export function hexId(row: number, col: number, columns = 11): HexId {
  return String(row + 1).padStart(2, '0') + String(columns - col).padStart(2, '0');
}

const sideKey = (a: HexId, b: HexId) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Builds the derived indexes of the rules (called once by loadRules; the movement costs once the data is checked). */
export function buildIndex(r: IrlRulesData): MapIndex {
  const hex: MapIndex['hex'] = {};
  for (const h of r.map.hexes) hex[h.id] = h;
  const ids = r.map.hexes.map((h) => h.id);
  const hexNumber: MapIndex['hexNumber'] = {};
  ids.forEach((id, i) => (hexNumber[id] = i));
  const cube: MapIndex['cube'] = {};
  for (const id of ids) {
    const c = offsetToCube(HEX_SETTINGS, offsetOf(id, r.map.columns));
    cube[id] = { q: c.q, r: c.r, s: c.s };
  }
  // Neighbours: the hexes at distance 1, in a fixed order (by id), so nothing depends on visiting order.
  const neighbours: MapIndex['neighbours'] = {};
  for (const id of ids) {
    neighbours[id] = ids.filter((o) => o !== id && cubeDistance(cube[id], cube[o]) === 1).sort();
  }
  const roadSide: MapIndex['roadSide'] = {};
  for (const road of r.map.roads) for (let i = 1; i < road.path.length; i++) roadSide[sideKey(road.path[i - 1], road.path[i])] = true;
  const riverSide: MapIndex['riverSide'] = {};
  for (const river of r.map.rivers) for (const [a, b] of river.hexsides) riverSide[sideKey(a, b)] = true;
  const road: MapIndex['road'] = {};
  const river: MapIndex['river'] = {};
  const onRoad: MapIndex['onRoad'] = {};
  for (const id of ids) {
    road[id] = {};
    river[id] = {};
    for (const n of neighbours[id]) {
      if (roadSide[sideKey(id, n)]) road[id][n] = onRoad[id] = true;
      if (riverSide[sideKey(id, n)]) river[id][n] = true;
    }
  }
  const terrain = {} as MapIndex['terrain'];
  for (const t of r.terrain) terrain[t.key] = t;
  const unit: MapIndex['unit'] = {};
  for (const u of r.units) unit[u.id] = u;
  const general = {} as MapIndex['general'];
  for (const g of r.generals) general[g.id] = g;
  const town: MapIndex['town'] = {};
  for (const t of r.victory.towns) town[t.hex] = t;
  // Landing (rule 12.1): coastal hexes on the sea the fleet sails, i.e. sea hexes joined to the fleet's hex.
  const sea = new Set<HexId>();
  const fleet = r.setup.fleetHex;
  const queue = hex[fleet] && hex[fleet].terrain === 'sea' ? [fleet] : [];
  for (const q of queue) sea.add(q);
  while (queue.length) {
    const h = queue.shift()!;
    for (const n of neighbours[h] ?? [])
      if (!sea.has(n) && hex[n].terrain === 'sea') {
        sea.add(n);
        queue.push(n);
      }
  }
  const landing = ids.filter((id) => hex[id].coast && neighbours[id].some((n) => sea.has(n)));
  // The hexsides by hex number; their movement costs are filled once the terrain data is checked (fillEnterCosts).
  const sides: MapIndex['sides'] = ids.map((id) =>
    neighbours[id].map((n) => ({
      to: hexNumber[n],
      toId: n,
      road: !!road[id][n],
      river: !!river[id][n],
      cost: { infantry: null, cavalry: null },
    })),
  );
  return {
    hex,
    ids,
    hexNumber,
    neighbours,
    roadSide,
    riverSide,
    road,
    river,
    onRoad,
    landing,
    terrain,
    unit,
    general,
    town,
    cube,
    sides,
  };
}

/**
 * Movement points for a unit of `type` to enter `to` from `from` at the terrain rates (rulebook 7): the
 * terrain's cost, plus the river cost across a river hexside unless a road crosses it; null where the
 * terrain is prohibited (for cavalry, some terrain off the road).
 */
export function terrainEnterCost(rules: IrlRules, type: UnitType, from: HexId, to: HexId): MovementPoints | null {
  const t = rules.index.terrain[terrainOf(rules, to)];
  const road = roadBetween(rules, from, to);
  const base = t.cost[type];
  if (base === null) return null;
  if (type === 'cavalry' && t.cavalryOnlyByRoad && !road) return null;
  return base + (riverBetween(rules, from, to) && !road ? rules.movement.riverCost : 0);
}

/** Fills the hexsides' movement costs (`rules.index.sides`): terrainEnterCost across every hexside, worked out once when the rules are loaded. */
export function fillEnterCosts(rules: IrlRules): void {
  rules.index.ids.forEach((from, n) => {
    for (const side of rules.index.sides[n])
      for (const type of ['infantry', 'cavalry'] as const) side.cost[type] = terrainEnterCost(rules, type, from, side.toId);
  });
}

function cubeDistance(a: { q: number; r: number; s: number }, b: { q: number; r: number; s: number }): number {
  return Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.s - b.s));
}

/** Hexes between two hexes on the map (honeycomb-grid's distance). */
export function distance(rules: IrlRules, a: HexId, b: HexId): number {
  return hexDistance(HEX_SETTINGS, offsetOf(a, rules.map.columns), offsetOf(b, rules.map.columns));
}

export const neighboursOf = (rules: IrlRules, h: HexId): HexId[] => rules.index.neighbours[h] ?? [];
/** The hexsides of the hex numbered `n` (MapIndex.ids), one per neighbour, in the order of neighboursOf. */
export const sidesOf = (rules: IrlRules, n: number): readonly HexSide[] => rules.index.sides[n];
/** The hexside from `from` into `to`; undefined when they are not neighbours. */
export function hexSide(rules: IrlRules, from: HexId, to: HexId): HexSide | undefined {
  const sides = rules.index.sides[rules.index.hexNumber[from]];
  if (sides) for (const side of sides) if (side.toId === to) return side;
  return undefined;
}
export const adjacent = (rules: IrlRules, a: HexId, b: HexId): boolean => neighboursOf(rules, a).includes(b);
export const roadBetween = (rules: IrlRules, a: HexId, b: HexId): boolean => !!rules.index.road[a]?.[b];
export const riverBetween = (rules: IrlRules, a: HexId, b: HexId): boolean => !!rules.index.river[a]?.[b];
export const terrainOf = (rules: IrlRules, h: HexId): Terrain => rules.index.hex[h].terrain;
export const unitData = (rules: IrlRules, u: UnitId): UnitData => rules.index.unit[u];
export const hexName = (rules: IrlRules, h: HexId): string => (rules.index.hex[h]?.name ? `${rules.index.hex[h].name} (${h})` : h);

/**
 * The hex or the unit a choice names, as the rules name it: the names parsed out of a choice id are new
 * strings, and the state keeps the rules' own, which every index finds at once (choices are checked
 * against the options first, so the name is known).
 */
export const namedHex = (rules: IrlRules, h: string): HexId => rules.index.hex[h].id;
export const namedUnit = (rules: IrlRules, u: string): UnitId => rules.index.unit[u].id;

/** The rules a module call was given. */
export function rulesOf(env: GameEnv): IrlRules {
  if (!env.rules) throw new Error('irlande-1798: the env carries no rules');
  return env.rules as IrlRules;
}

// ---- who stands where -------------------------------------------------------------------------

/**
 * Who stands where: the units and the generals on the map, by hex (the units in an array by the
 * hex's number, rules.index.hexNumber), each list in the rules' counter order. Derived from the state by
 * `positionsOf` and passed down explicitly: a stage's question takes one for the state it asks in
 * (flow.ts), an action one before it moves anything. Never kept in the state; a question keeps the one
 * it was asked in for its answer (flow.ts), given back by `positionsOf` only while every counter still
 * stands where it stood, so it cannot go stale; the lists are read-only.
 */
export interface Positions {
  units: (UnitId[] | undefined)[];
  /** A few generals: by hex id. */
  generals: Map<HexId, GeneralId[]>;
  /** Where each counter stood (the units, then the generals, in the rules' order; null: off the map). */
  where: (HexId | null)[];
}

/** No counters (an empty list, shared: the lists of who stands where are read-only). */
export const NOBODY: readonly never[] = [];

/**
 * Who stands where in `s` (one pass over the counters): `known` itself when every counter stands
 * where it stood in `known` (a question answered without moving anyone), else taken afresh.
 */
export function positionsOf(s: IrlState, rules: IrlRules, known?: Positions): Positions {
  if (known && standsAsIn(s, rules, known)) return known;
  const number = rules.index.hexNumber;
  const units: Positions['units'] = new Array(rules.index.ids.length);
  const where: Positions['where'] = new Array(rules.units.length + rules.generals.length);
  let i = 0;
  for (const u of rules.units) {
    const st = s.units[u.id];
    const h = st.place === 'map' ? st.hex : null;
    where[i++] = h;
    if (h === null) continue;
    const here = units[number[h]];
    if (here) here.push(u.id);
    else units[number[h]] = [u.id];
  }
  const generals: Positions['generals'] = new Map();
  for (const g of rules.generals) {
    const gs = s.generals[g.id];
    const h = gs.place === 'map' ? gs.hex : null;
    where[i++] = h;
    if (h === null) continue;
    const here = generals.get(h);
    if (here) here.push(g.id);
    else generals.set(h, [g.id]);
  }
  return { units, generals, where };
}

/** Whether every counter of `s` stands where it stood in `at`. */
function standsAsIn(s: IrlState, rules: IrlRules, at: Positions): boolean {
  let i = 0;
  for (const u of rules.units) {
    const st = s.units[u.id];
    if ((st.place === 'map' ? st.hex : null) !== at.where[i++]) return false;
  }
  for (const g of rules.generals) {
    const gs = s.generals[g.id];
    if ((gs.place === 'map' ? gs.hex : null) !== at.where[i++]) return false;
  }
  return true;
}

/** Units on the map in a hex (of `side` only, when given), in the rules' counter order; read-only. */
export function unitsIn(at: Positions, rules: IrlRules, h: HexId, side?: SideName): readonly UnitId[] {
  const here = at.units[rules.index.hexNumber[h]] ?? NOBODY;
  // Units of one side only stand in a hex: the list itself, unless both sides are there.
  if (!side || allOf(here, rules.index.unit, side)) return here;
  return here.filter((u) => rules.index.unit[u].side === side);
}

/** Generals on the map in a hex (of `side` only, when given), in the rules' counter order; read-only. */
export function generalsIn(at: Positions, rules: IrlRules, h: HexId, side?: SideName): readonly GeneralId[] {
  const here = at.generals.get(h) ?? NOBODY;
  if (!side || allOf(here, rules.index.general, side)) return here;
  return here.filter((g) => rules.index.general[g].side === side);
}

/** Whether every counter of `ids` is of `side` (`data`: the rules' counters by id). */
function allOf(ids: readonly string[], data: Record<string, { side: SideName }>, side: SideName): boolean {
  for (const id of ids) if (data[id].side !== side) return false;
  return true;
}

export const sideOf = (rules: IrlRules, u: UnitId): SideName => rules.index.unit[u].side;

/** Units of a side on the map. */
export function onMap(s: IrlState, rules: IrlRules, side: SideName): UnitState[] {
  return rules.units.filter((u) => u.side === side && s.units[u.id].place === 'map').map((u) => s.units[u.id]);
}

/** The side holding a hex (units of only one side can be in a hex), or null. */
export function holder(at: Positions, rules: IrlRules, h: HexId): SideName | null {
  const here = at.units[rules.index.hexNumber[h]];
  return here ? rules.index.unit[here[0]].side : null;
}

export function hasEnemy(at: Positions, rules: IrlRules, h: HexId, side: SideName): boolean {
  const here = at.units[rules.index.hexNumber[h]];
  if (here) for (const u of here) if (rules.index.unit[u].side !== side) return true;
  return false;
}

/** A good-order enemy unit in a hex next to `h`. */
export function adjacentGoodOrderEnemy(s: IrlState, rules: IrlRules, at: Positions, h: HexId, side: SideName): boolean {
  return neighboursOf(rules, h).some((n) => unitsIn(at, rules, n).some((u) => sideOf(rules, u) !== side && !s.units[u].routed));
}

/** Any enemy unit in a hex next to `h`. */
export function adjacentEnemy(at: Positions, rules: IrlRules, h: HexId, side: SideName): boolean {
  return neighboursOf(rules, h).some((n) => hasEnemy(at, rules, n, side));
}

export const strengthIn = (s: IrlState, rules: IrlRules, at: Positions, h: HexId): number =>
  unitsIn(at, rules, h).reduce((t, u) => t + s.units[u].strength, 0);

/** The English rout hexes and the French units' band. */
export const isFrenchBand = (rules: IrlRules, u: UnitId): boolean => rules.index.unit[u].band === 'french';
export const isUnitedIrishmen = (rules: IrlRules, u: UnitId): boolean => rules.index.unit[u].band === 'united-irishmen';
