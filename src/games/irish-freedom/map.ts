/** The Map and the Counters: lookups precomputed once per rules object, and queries on units. */
import type { ChoiceOption } from '../../engine/module.js';
import type {
  AreaDef,
  AreaId,
  CardDef,
  CardKey,
  Colour,
  CounterDef,
  Faction,
  IFRules,
  IFState,
  RegionKey,
  Terrain,
  Unit,
  UnitType,
} from './state.js';

/** A land move's destination (irish-actions.ts, destinations). */
export interface LandMove {
  readonly area: AreaId;
  readonly how: 'move';
}

export interface MapIndex {
  rules: IFRules;
  /** Options that depend on the rules data alone (irish-actions.ts), made on first use. */
  fixedOptions?: { recruit: LazyOption[]; pass: LazyOption[]; recruitBlue: LazyOption[][] };
  /** The land moves from each Area (irish-actions.ts, destinations), made on first use. */
  landMoves?: Map<AreaId, { region: readonly LandMove[]; road: readonly LandMove[] }>;
  /** The action prompts of each war by turn and action number (index.ts), made on first use. */
  actionPrompts?: Record<'independence' | 'civil', string[][]>;
  areaIds: AreaId[];
  areaIndex: Map<AreaId, number>;
  area: Map<AreaId, AreaDef>;
  terrainIdx: Map<AreaId, number>;
  regionOf: Map<AreaId, RegionKey>;
  regionAreas: Map<RegionKey, AreaId[]>;
  /** Region -> die (1..6) -> Area of that Region. */
  areaByDie: Map<RegionKey, AreaId[]>;
  regionByDie: RegionKey[];
  /** Region keys in Region number order. */
  regionKeys: RegionKey[];
  /** Scratch buffer (one per area) for contested-Area scans. */
  regionNumber: Map<RegionKey, number>;
  /** By Area index: the number of the Area's Region, and its terrain (0 Bogland, 1 Townland, 2 City). */
  regionNumberAt: number[];
  terrainAt: number[];
  regionName: Map<RegionKey, string>;
  /** Region -> die (1..6) -> Region at the other end of the road. */
  roadByDie: Map<RegionKey, RegionKey[]>;
  neighbours: Map<RegionKey, RegionKey[]>;
  counter: Map<UnitType, CounterDef>;
  /** Both decks' cards by key (the keys are the eighteen fixed cards: rules-check.ts). */
  card: Map<CardKey, CardDef>;
  /** A card's name from its key (the key itself if unknown), for the dice that draw cards. */
  cardName: (key: CardKey) => string;
  strength: Map<UnitType, [number, number, number]>;
  cityAreas: AreaId[];
  /** One bit per City Area (by Area index). */
  cityMask: number;
  portAreas: AreaId[];
  /** Regions holding at least one Area with a port symbol. */
  portRegions: Set<RegionKey>;
  areaLabel: Map<AreaId, string>;
  /** Dice reasons that name a Region, built once: reason(m, 'Retreat: Area in', region). */
  reasons: Map<string, Map<RegionKey, string>>;
  /** Never serialised (a view carries the index for render): JSON.stringify leaves it out. */
  toJSON(): undefined;
}

/** The same text as an interned string (a property key): equal strings are then the same string, which the
 *  unit scans compare by identity (a unit's Area, type and colour, thousands of times a game). */
export function interned(text: string): string {
  return Object.keys({ [text]: 0 })[0];
}

function dieList(die: string): number[] {
  return die === '1-2' ? [1, 2] : die === '3-4' ? [3, 4] : [Number(die)];
}

/** The precomputed lookups for a rules object. */
export function mapOf(rules: IFRules): MapIndex {
  // Derived from the rules data once and kept on the rules object it derives from (its one owner;
  // not enumerable, so the data stays as the file has it).
  let m = (rules as { index?: MapIndex }).index;
  if (m) return m;
  const terr: Record<Terrain, number> = { bogland: 0, townland: 1, city: 2 };
  const regionByDie: RegionKey[] = [];
  for (const r of rules.regions) regionByDie[r.id] = r.key;
  m = {
    rules,
    areaIds: [],
    areaIndex: new Map(),
    area: new Map(),
    terrainIdx: new Map(),
    regionOf: new Map(),
    regionAreas: new Map(),
    areaByDie: new Map(),
    regionByDie,
    regionKeys: regionByDie.slice(1),
    regionNumber: new Map(rules.regions.map((r) => [r.key, r.id])),
    regionNumberAt: [],
    terrainAt: [],
    regionName: new Map(rules.regions.map((r) => [r.key, r.name])),
    roadByDie: new Map(),
    neighbours: new Map(),
    counter: new Map(),
    card: new Map([...rules.cards.green, ...rules.cards.blue].map((c) => [c.key, c])),
    cardName: (key) => m!.card.get(key)?.name ?? key,
    strength: new Map(),
    cityAreas: [],
    cityMask: 0,
    portAreas: [],
    portRegions: new Set(),
    areaLabel: new Map(),
    reasons: new Map(),
    toJSON: () => undefined,
  };
  const regions = [...rules.regions].sort((a, b) => a.id - b.id);
  for (const r of regions) {
    m.regionAreas.set(r.key, []);
    m.areaByDie.set(r.key, []);
    m.roadByDie.set(r.key, []);
    m.neighbours.set(r.key, []);
  }
  const order = ['1-2', '3-4', '5', '6'];
  const areas = [...rules.areas].sort(
    (a, b) => m!.regionNumber.get(a.region)! - m!.regionNumber.get(b.region)! || order.indexOf(a.die) - order.indexOf(b.die),
  );
  for (const a of areas) {
    const id = interned(`${a.region}/${a.die}`);
    m.areaIndex.set(id, m.areaIds.length);
    m.areaIds.push(id);
    m.area.set(id, a);
    m.terrainIdx.set(id, terr[a.terrain]);
    m.regionNumberAt.push(m.regionNumber.get(a.region)!);
    m.terrainAt.push(terr[a.terrain]);
    m.regionOf.set(id, a.region);
    m.regionAreas.get(a.region)!.push(id);
    for (const d of dieList(a.die)) m.areaByDie.get(a.region)![d] = id;
    if (a.terrain === 'city') {
      m.cityMask |= 1 << (m.areaIds.length - 1);
      m.cityAreas.push(id);
    }
    if (a.port) {
      m.portAreas.push(id);
      m.portRegions.add(a.region);
    }
    const tname = rules.terrains.find((t) => t.key === a.terrain)?.name ?? a.terrain;
    const rn = m.regionName.get(a.region)!;
    m.areaLabel.set(id, `${rn} ${a.die} ${tname}${a.city && a.city !== rn ? ` (${a.city})` : ''}`);
  }
  // destinations and firstContested keep one bit per Area in a 32-bit number
  if (m.areaIds.length > 31) throw new Error(`irish-freedom: ${m.areaIds.length} Areas; the map scans hold at most 31`);
  for (const road of rules.roads) {
    const [x, y] = road.ends;
    for (const d of x.dice) m.roadByDie.get(x.region)![d] = y.region;
    for (const d of y.dice) m.roadByDie.get(y.region)![d] = x.region;
    m.neighbours.get(x.region)!.push(y.region);
    m.neighbours.get(y.region)!.push(x.region);
  }
  for (const list of m.neighbours.values()) list.sort((a, b) => m!.regionNumber.get(a)! - m!.regionNumber.get(b)!);
  for (const c of rules.counters) {
    m.counter.set(c.type, c);
    m.strength.set(c.type, c.strength);
  }
  Object.defineProperty(rules, 'index', { value: m, enumerable: false });
  return m;
}

/** The rules a module call received, checked present (the engine always passes them). */
export function requireRules(rules: IFRules | undefined, where: string): IFRules {
  if (!rules) throw new Error(`irish-freedom: ${where} was called without the rules (the engine passes them to every call)`);
  return rules;
}

/** The precomputed lookups for the rules in `env`. */
export function mapEnv(env: { rules?: unknown }): MapIndex {
  return mapOf(requireRules(env.rules as IFRules | undefined, 'apply/setup (env.rules)'));
}

/** mapOf for a module call's `rules` argument, checked present. */
export function mapArg(rules: IFRules | undefined, where: string): MapIndex {
  return mapOf(requireRules(rules, where));
}

// ---- unit queries ----
export const isSupport = (u: Unit): boolean => u.type === 'armoured-car' || u.type === 'artillery';
export const isBritish = (c: Colour): boolean => c === 'red' || c === 'orange';

/** Faction of a colour: British 1; Irish 2 (War of Independence); Republican 2 / Free State 4 (Civil War). */
export function factionOf(c: Colour, war: 'independence' | 'civil'): Faction {
  if (c === 'red' || c === 'orange') return 1;
  if (c === 'green') return 2;
  return war === 'independence' ? 2 : 4;
}

/** Strength of a unit in an Area's terrain (Bogland-Townland-City). */
export function strengthIn(m: MapIndex, type: UnitType, area: AreaId): number {
  return m.strength.get(type)![m.terrainIdx.get(area)!];
}

export function unitById(s: IFState, id: string): Unit | undefined {
  for (const u of s.units) if (u.id === id) return u;
  return undefined;
}

/** The sides present in each Area (by Area index): the factions (bits) of the units there other than support
 *  counters, which never hold an Area by themselves. Rebuilt from the units at each call. */
export function sidesByArea(s: IFState, m: MapIndex): number[] {
  const sides = new Array<number>(m.areaIds.length).fill(0);
  for (const u of s.units) if (!isSupport(u)) sides[m.areaIndex.get(u.area)!] |= factionOf(u.colour, s.war);
  return sides;
}

export function unitsIn(s: IFState, area: AreaId): Unit[] {
  return s.units.filter((u) => u.area === area);
}

export function unitsInRegion(m: MapIndex, s: IFState, region: RegionKey): Unit[] {
  return s.units.filter((u) => m.regionOf.get(u.area) === region);
}

/** The Map's own string for an Area id (same text): Areas then compare by identity in the unit scans. */
export function canonicalArea(m: MapIndex, area: AreaId): AreaId {
  const i = m.areaIndex.get(area);
  return i === undefined ? area : m.areaIds[i];
}

/** Adds a counter; it counts as having just arrived (the attacker if it meets the enemy). */
export function place(s: IFState, m: MapIndex, type: UnitType, colour: Colour, area: AreaId): Unit {
  const u: Unit = { id: 'u' + s.nextId++, type, colour, area: canonicalArea(m, area), arrived: ++s.seq };
  s.units.push(u);
  return u;
}

export function removeUnit(s: IFState, u: Unit): void {
  const i = s.units.indexOf(u);
  if (i >= 0) s.units.splice(i, 1);
}

/** Moves a unit and the support counters that go with it (`riders`); every other counter stays where it is. */
export function moveUnit(s: IFState, u: Unit, to: AreaId, riders: readonly Unit[] = []): void {
  if (u.type === 'mob') throw new Error(`Irish Freedom: Mob ${u.id} cannot move (The Counters)`);
  u.area = to;
  u.arrived = ++s.seq;
  for (const r of riders) {
    r.area = to;
    r.arrived = s.seq;
  }
}

const COLOUR_NAME: Record<Colour, string> = { red: 'Red', orange: 'Orange', green: 'Green', blue: 'Blue' };
export const COLOUR_LETTER: Record<Colour, string> = { red: 'r', orange: 'o', green: 'g', blue: 'b' };

/** "Green Flying Column u3 (Kerry 1-2 Bogland)". */
export function unitLabel(m: MapIndex, u: Unit, withArea = true): string {
  return unitText(m, u.colour, u.type, u.id, withArea ? u.area : null);
}

/** unitLabel from a unit's values (what a lazy label captures when its option is made). */
export function unitText(m: MapIndex, colour: Colour, type: UnitType, id: string, area: AreaId | null): string {
  const base = `${COLOUR_NAME[colour]} ${m.counter.get(type)?.name ?? type} ${id}`;
  return area !== null ? `${base} (${m.areaLabel.get(area)})` : base;
}

/** Short code: "u3:FC[g]". */
export function unitCode(m: MapIndex, u: Unit): string {
  return `${u.id}:${m.counter.get(u.type)?.short ?? u.type}[${COLOUR_LETTER[u.colour]}]`;
}

export function regionRoll(m: MapIndex, die: number): RegionKey {
  return m.regionByDie[die];
}

/** An option whose label is built only when someone reads it (bots and batch runs never do).
 *  `verb`, `a` and `b` are the words of its id, so apply() reads them instead of splitting the id; an
 *  option made from its words joins them into its id when the id is first read (`is` compares a choice
 *  with the words: a random bot reads one id of the dozen offered).
 *  `make` must not read the state: it captures, when the option is made, the values it needs (unit
 *  colour, type, id and Area as strings), so a label read after apply has changed the state still
 *  describes the state the option was offered in. */
export class LazyOption implements ChoiceOption {
  readonly #make: (o: LazyOption) => string;
  /** The id, or '' until it is first read (an option made from its words). */
  #id: string;
  constructor(
    id: string,
    make: (o: LazyOption) => string,
    readonly verb = '',
    readonly a = '',
    readonly b = '',
    /** For unit options: the map index and the unit's colour, type and Area when the option was made (read by a
     *  shared label maker, so no closure is made per option), and one more word for the label. */
    readonly m: MapIndex | null = null,
    readonly colour = '',
    readonly type = '',
    readonly area = '',
    readonly extra = '',
  ) {
    this.#id = id;
    this.#make = make;
  }
  get id(): string {
    if (this.#id === '') this.#id = this.b ? `${this.verb} ${this.a} ${this.b}` : `${this.verb} ${this.a}`;
    return this.#id;
  }
  /** Whether `choice` is this option's id ("verb a b" compared word by word until the id is built). */
  is(choice: string): boolean {
    if (this.#id !== '') return this.#id === choice;
    const { verb, a, b } = this;
    const n = verb.length + 1 + a.length;
    if (choice.length !== (b ? n + 1 + b.length : n)) return false;
    return (
      choice.startsWith(verb) &&
      choice.charCodeAt(verb.length) === 32 &&
      choice.startsWith(a, verb.length + 1) &&
      (!b || (choice.charCodeAt(n) === 32 && choice.endsWith(b)))
    );
  }
  get label(): string {
    return this.#make(this);
  }
  toJSON(): ChoiceOption {
    return { id: this.id, label: this.label };
  }
}

export function opt(id: string, label: () => string): LazyOption {
  return new LazyOption(id, label);
}

/** An option with id "verb a b" (or "verb a"): the words are kept, not parsed again. */
export function optWords(label: () => string, verb: string, a: string, b = ''): LazyOption {
  return new LazyOption('', label, verb, a, b);
}

/** An option about unit `u` (id "verb u.id" or "verb u.id b"): its label, made by the shared `make`, reads the
 *  unit's colour, type and Area as they are now. */
export function unitOpt(make: (o: LazyOption) => string, verb: string, m: MapIndex, u: Unit, b = '', extra = ''): LazyOption {
  return new LazyOption('', make, verb, u.id, b, m, u.colour, u.type, u.area, extra);
}

/** The unit an option of unitOpt was made for, as it was then: "Green Guerrilla u3 (Kerry 1-2 Bogland)". */
export function optUnitText(o: LazyOption): string {
  return unitText(o.m!, o.colour as Colour, o.type as UnitType, o.a, o.area);
}

/** "<prefix> <Region name>", built once per rules (dice reasons are asked for thousands of times). */
export function reason(m: MapIndex, prefix: string, region: RegionKey): string {
  let byRegion = m.reasons.get(prefix);
  if (!byRegion) m.reasons.set(prefix, (byRegion = new Map()));
  let r = byRegion.get(region);
  if (r === undefined) byRegion.set(region, (r = `${prefix} ${m.regionName.get(region)}`));
  return r;
}

/** "1 point", "3 points". */
export function points(n: number, word = 'point'): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
