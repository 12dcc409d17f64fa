/** Irish move/recruit phase (two actions) and Free State move/recruit phase (three actions). */
import type { GameEnv } from '../../engine/module.js';
import { startCombat, upgrade } from './combat.js';
import {
  isBritish,
  isSupport,
  mapEnv,
  optWords,
  reason,
  moveUnit,
  place,
  unitById,
  unitCode,
  unitLabel,
  unitOpt,
  optUnitText,
  LazyOption,
  type LandMove,
  type MapIndex,
} from './map.js';
import type { AreaId, IFState, RegionKey, Unit } from './state.js';
import { destinationPreview, rideOdds, strengthsOf } from './previews.js';

/** Options that depend on the rules alone, built once per rules: recruit in each Region; pass (by actions left). */
/** The options that depend on the rules data alone (recruit in a Region, pass): made once, kept on the map index. */
function fixed(m: MapIndex): NonNullable<MapIndex['fixedOptions']> {
  let f = m.fixedOptions;
  if (f) return f;
  const recruit = m.regionKeys.map((r) =>
    optWords(
      () => `Recruit in ${m.regionName.get(r)}: roll an Area, then blue Guerrilla if a D6 beats ${m.regionNumber.get(r)}, else green`,
      'recruit-guerrilla',
      r,
    ),
  );
  const pass: LazyOption[] = [];
  for (let left = 0; left <= Math.max(m.rules.actions.independence, m.rules.actions.civil); left++) {
    pass.push(new LazyOption('pass', () => `Pass (give up the ${left === 1 ? 'last action' : `remaining ${left} actions`})`, 'pass'));
  }
  // Recruitment (Free State): a blue counter of each recruitable type in each recruitment Area
  const fr = m.rules.freeStateRecruits;
  const recruitBlue = fr.areas.map((a) =>
    fr.types.map((t) => optWords(() => `Recruit a blue ${m.counter.get(t)!.name} in ${m.areaLabel.get(a)}`, 'recruit', t, a)),
  );
  m.fixedOptions = f = { recruit, pass, recruitBlue };
  return f;
}

/** The first step of an action: recruit kinds, units to move, or pass. */
export function actionOptions(s: IFState, m: MapIndex): LazyOption[] {
  const out: LazyOption[] = [];
  const moves: LazyOption[] = [];
  const f = fixed(m);
  if (s.war === 'independence') {
    // Recruit (Irish move/recruit phase): the four kinds (the units to move are listed in the same pass)
    for (const u of s.units) {
      if (isBritish(u.colour)) continue;
      // Labels read the unit's values captured now (never the unit itself, which apply changes)
      if (u.type === 'mob' || u.type === 'guerrilla') {
        const to = u.type === 'mob' ? 'Guerrilla' : u.colour === 'blue' ? 'Regular' : 'Flying Column';
        out.push(unitOpt(RECRUIT_UNIT, 'upgrade', m, u, '', to));
      }
      if (movable(s, u)) moves.push(unitOpt(MOVE_UNIT, 'move', m, u));
    }
    for (const o of f.recruit) out.push(o);
  } else {
    // Recruitment (Free State): a Regular, Armoured car or Artillery in a Dublin City Area
    const fr = m.rules.freeStateRecruits;
    fr.areas.forEach((a, i) => {
      const reg = s.units.some((u) => u.area === a && u.type === 'regular' && u.colour === 'blue');
      fr.types.forEach((t, j) => {
        if (t !== 'regular' && !reg) return;
        out.push(f.recruitBlue[i][j]);
      });
    });
    for (const u of s.units) if (movable(s, u)) moves.push(unitOpt(MOVE_UNIT, 'move', m, u));
  }
  for (const o of moves) out.push(o);
  const left = s.actionsLeft;
  out.push(
    f.pass[left] ?? new LazyOption('pass', () => `Pass (give up the ${left === 1 ? 'last action' : `remaining ${left} actions`})`, 'pass'),
  );
  return out;
}

/** Move: "Select an Irish unit, other than a Mob" (War of Independence) or a blue unit (Civil War). */
function movable(s: IFState, u: Unit): boolean {
  if (u.type === 'mob' || isSupport(u) || isBritish(u.colour)) return false;
  return s.war === 'independence' || u.colour === 'blue';
}

/** Where a move goes: the Area, and how (land, naval or, with Emmet Dalton, a naval landing). */
export interface Destination {
  area: AreaId;
  how: 'move' | 'naval' | 'landing';
}

/**
 * The land moves from each Area, from the rules data alone (made once, kept on the map index): to the other
 * Areas of its Region (`region`: units that move within their Region), and on to every Area of each Region a
 * road reaches (`road`: Army, Tans, Flying Columns and Regulars). Shared lists: read them, never change them.
 */
function landMoves(m: MapIndex): NonNullable<MapIndex['landMoves']> {
  if (m.landMoves) return m.landMoves;
  const moves: NonNullable<MapIndex['landMoves']> = new Map();
  for (const from of m.areaIds) {
    const r = m.regionOf.get(from)!;
    const seen = new Set<AreaId>([from]);
    const reach = (areas: AreaId[], out: LandMove[]) => {
      for (const area of areas)
        if (!seen.has(area)) {
          seen.add(area);
          out.push({ area, how: 'move' });
        }
    };
    const region: LandMove[] = [];
    reach(m.regionAreas.get(r)!, region);
    const road = [...region];
    for (const n of m.neighbours.get(r)!) reach(m.regionAreas.get(n)!, road);
    moves.set(from, { region, road });
  }
  m.landMoves = moves;
  return moves;
}

/** Destinations of a move, each tagged land, naval or (Emmet Dalton) landing. The list may be shared: read it,
 *  never change it. */
export function destinations(s: IFState, m: MapIndex, u: Unit): readonly Destination[] {
  const r = m.regionOf.get(u.area)!;
  const land = landMoves(m).get(u.area)![m.counter.get(u.type)!.movement === 'road' ? 'road' : 'region'];
  // Special naval movement: "a Regular starting in an Area with a port symbol may move to any other Area in any
  // Region which also has a port symbol - except for Ulster" (Free State Regulars only). Option ports: an Area
  // with a port symbol (default), or any Area of a Region with one.
  if (!(s.war === 'civil' && m.counter.get(u.type)!.naval && m.area.get(u.area)!.port && r !== 'ulster')) return land;
  const out: Destination[] = [...land];
  let seen = 1 << m.areaIndex.get(u.area)!; // one bit per Area
  for (const d of land) seen |= 1 << m.areaIndex.get(d.area)!;
  const add = (a: AreaId, how: 'naval' | 'landing') => {
    const bit = 1 << m.areaIndex.get(a)!;
    if (!(seen & bit)) {
      seen |= bit;
      out.push({ area: a, how });
    }
  };
  const byRegion = s.options.ports === 'region';
  const portHere = (a: AreaId) => (byRegion ? m.portRegions.has(m.regionOf.get(a)!) : m.area.get(a)!.port);
  for (const a of m.areaIds) if (m.regionOf.get(a) !== 'ulster' && portHere(a)) add(a, 'naval');
  // Emmet Dalton: "a single Naval landing at any Area in any Region with no port symbol, apart from Ulster and
  // The Midlands", this turn
  if (s.effects.emmetDalton) {
    for (const a of m.areaIds) {
      const reg = m.regionOf.get(a);
      if (!portHere(a) && reg !== 'ulster' && reg !== 'midlands') add(a, 'landing');
    }
  }
  return out;
}

const WHAT = { move: 'to', naval: 'by sea to', landing: 'by a naval landing (Emmet Dalton) to' };

export function moveOptions(s: IFState, m: MapIndex, unitId: string): LazyOption[] {
  const u = unitById(s, unitId)!;
  // The label previews the destination (what stands there, a combat's odds: previews.ts), worked out
  // when it is read (bots and batch playouts never read labels). Read after the state has moved on
  // (another arrival, a loss, this unit moved or upgraded) it names the destination alone, never
  // describing a state it was not offered in.
  const seq = s.seq;
  const count = s.units.length;
  const type = u.type;
  const current = () => s.seq === seq && s.units.length === count && u.type === type && u.area === from;
  const from = u.area;
  // One label maker for every destination: the option's words hold how (verb) and where (b)
  const label = (o: LazyOption) =>
    `${MOVE_TO(o)} ${WHAT[o.verb as keyof typeof WHAT]} ${current() ? destinationPreview(s, m, u, o.b) : m.areaLabel.get(o.b)}`;
  return destinations(s, m, u).map((d) => unitOpt(label, d.how, m, u, d.area));
}

/** Shared label makers (the option holds the values they read). */
const RECRUIT_UNIT = (o: LazyOption) =>
  `Recruit: replace ${optUnitText(o)} with a ${o.colour === 'blue' ? 'Blue' : 'Green'} ${o.extra}${strengthsOf(o)}`;
const MOVE_UNIT = (o: LazyOption) => `Move ${optUnitText(o)}`;
const MOVE_TO = (o: LazyOption) => `Move ${optUnitText(o)}`;

/**
 * The ride-along question (Free State move): which support counter goes with the moving Regular, each
 * answer with the odds of the combat the move starts, if any (previews.ts, rideOdds).
 */
export function rideOptions(s: IFState, m: MapIndex, ask: Extract<IFState['ask'], { kind: 'ride' }>): LazyOption[] {
  const from = m.areaLabel.get(unitById(s, ask.riders[0])!.area);
  const mover = unitById(s, ask.unit)!;
  const stay = ask.riders.length === 1 ? 'the support counter stays' : 'the support counters stay';
  // The odds of the state the question is asked in, worked out when a label is read (bots and batch
  // playouts never read them); read after the state has moved on, a label leaves the odds out rather
  // than describe a state it was not offered in (as moveOptions does).
  const seq = s.seq;
  const count = s.units.length;
  const current = () => s.seq === seq && s.units.length === count && mover.area === moverFrom && mover.type === moverType;
  const [moverFrom, moverType] = [mover.area, mover.type];
  const odds = (r: Unit | null) => {
    const o = current() ? rideOdds(s, m, mover, ask.to, r) : '';
    return o ? ` (combat: ${o})` : '';
  };
  const out = [new LazyOption('ride none', () => `None rides along: ${stay} in ${from}${odds(null)}`, 'ride', 'none')];
  for (const id of ask.riders) {
    const r = unitById(s, id)!;
    const name = unitLabel(m, r, false);
    out.push(optWords(() => `Take ${name} along for free${odds(r)}`, 'ride', id));
  }
  return out;
}

function used(s: IFState, m: MapIndex): void {
  s.actionsLeft--;
  if (s.actionsLeft <= 0) s.ask = null;
  else s.ask = { kind: 'action' };
  if (s.actionsLeft <= 0) startCombat(s, m, s.war === 'independence' ? 'end-turn' : 'cw-end-turn');
}

/** Applies a first-step action (already checked legal). */
export function applyAction(s: IFState, env: GameEnv, choice: LazyOption): void {
  const m = mapEnv(env);
  const { verb, a, b } = choice;
  if (verb === 'pass') {
    if (env.verbose) env.log({ kind: 'text', text: 'The remaining actions are passed.' });
    s.actionsLeft = 1;
    return used(s, m);
  }
  if (verb === 'move') {
    s.ask = { kind: 'move', unit: a };
    return;
  }
  if (verb === 'upgrade') {
    upgrade(s, env, m, unitById(s, a)!);
    return used(s, m);
  }
  if (verb === 'recruit-guerrilla') {
    const r = a as RegionKey;
    const area = m.areaByDie.get(r)![env.dice.roll(6, reason(m, 'Recruit: Area in', r))];
    const c = env.dice.roll(6, 'Recruit: blue Guerrilla if greater than the Region number') > m.regionNumber.get(r)! ? 'blue' : 'green';
    const u = place(s, m, 'guerrilla', c, area);
    if (env.verbose) env.log({ kind: 'text', text: `Recruited ${unitCode(m, u)} in ${m.areaLabel.get(area)}.`, tone: 'good' });
    return used(s, m);
  }
  if (verb === 'recruit') {
    const u = place(s, m, a as Unit['type'], 'blue', b);
    if (env.verbose) env.log({ kind: 'text', text: `Recruited ${unitCode(m, u)} in ${m.areaLabel.get(b)}.`, tone: 'good' });
    return used(s, m);
  }
}

/** Applies a chosen destination; a Regular may first take one support counter along. */
export function applyMove(s: IFState, env: GameEnv, choice: LazyOption): void {
  const how = choice.verb as 'move' | 'naval' | 'landing';
  const id = choice.a;
  const to: AreaId = choice.b;
  const u = unitById(s, id)!;
  // "Any one Armoured car or one artillery can move for free along with a Regular, as long as it starts in the
  // same Area as the Regular. This includes special naval movement." Only a Regular carries one, and only one;
  // the others stay where they are (alone, if no blue unit stays with them).
  if (s.war === 'civil' && u.type === 'regular') {
    const riders = s.units.filter((x) => x.area === u.area && isSupport(x) && x.colour === u.colour).map((x) => x.id);
    if (riders.length) {
      s.ask = { kind: 'ride', unit: id, to, how, riders };
      return;
    }
  }
  finishMove(s, env, u, to, how, []);
}

export function applyRide(s: IFState, env: GameEnv, choice: LazyOption): void {
  const ask = s.ask as Extract<IFState['ask'], { kind: 'ride' }>;
  const rider = choice.a === 'none' ? [] : [unitById(s, choice.a)!];
  finishMove(s, env, unitById(s, ask.unit)!, ask.to, ask.how, rider);
}

function finishMove(s: IFState, env: GameEnv, u: Unit, to: AreaId, how: 'move' | 'naval' | 'landing', riders: Unit[]): void {
  const m = mapEnv(env);
  const from = u.area;
  if (how === 'landing') s.effects.emmetDalton = false;
  moveUnit(s, u, to, riders);
  if (env.verbose) {
    const extra = riders.length ? ` with ${riders.map((r) => unitCode(m, r)).join(' ')}` : '';
    env.log({
      kind: 'text',
      text: `${unitCode(m, u)}${extra} ${how === 'move' ? 'moves' : 'sails'} from ${m.areaLabel.get(from)} to ${m.areaLabel.get(to)}.`,
      side: 'Irish',
    });
  }
  used(s, m);
}
