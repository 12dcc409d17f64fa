/**
 * Types of Irlande 1798: the rules data (rules/irlande-1798.json) and the game state (plain JSON).
 * Rulebook sections are cited as "rulebook 8.3"; reconstructed data says so in its `source`.
 */

import type { Int } from '../../engine/int.js';

/** A hex id as the rulebook numbers them: `XXYY`, XX the row (01 north .. 12 south), YY the column (01 east .. 11 west). */
export type HexId = string;
export type UnitId = string;
export type GeneralId = 'humbert' | 'lake';
export type SideName = 'French' | 'English';
export const SIDES: SideName[] = ['French', 'English'];
export const other = (s: SideName): SideName => (s === 'French' ? 'English' : 'French');
/** Strength points ("points de combat", PC): whole points. */
export type StrengthPoints = Int;
/** Movement points ("points de mouvement", PM). */
export type MovementPoints = number;

export type Terrain = 'clear' | 'village' | 'town' | 'hills' | 'bog' | 'mountain' | 'lake' | 'sea';
/** The band on the counter: blue French, United Irishmen, green militia (Irish units of the English army), orange regulars. */
export type Band = 'french' | 'united-irishmen' | 'militia' | 'regular';
export type UnitType = 'infantry' | 'cavalry';

export interface HexData {
  id: HexId;
  terrain: Terrain;
  coast: boolean;
  name?: string;
  source: string;
}
export interface RoadData {
  name: string;
  path: HexId[];
  source: string;
}
export interface RiverData {
  name: string;
  hexsides: [HexId, HexId][];
  source: string;
}
export interface TerrainData {
  key: Terrain;
  name: string;
  /** Movement points to enter, null = prohibited. */
  cost: { infantry: MovementPoints | null; cavalry: MovementPoints | null };
  cavalryOnlyByRoad?: boolean;
  cavalryMayNotAttack?: boolean;
  /** Columns to the left on the CRT when the defender is in this terrain. */
  shift: number;
  source: string;
}
export interface UnitData {
  id: UnitId;
  name: string;
  side: SideName;
  band: Band;
  type: UnitType;
  full: StrengthPoints;
  /** Strength on the back of the counter; null = one-sided (eliminated by a loss). */
  reduced: StrengthPoints | null;
  /** Troop quality, 1-6: a morale check or rally succeeds on a die at or below it. */
  quality: number;
  mp: MovementPoints;
  /** United Irishmen: strength 1..full, one point per loss (rule 6.2). */
  variable?: boolean;
  demiBrigade70?: boolean;
  source: string;
}
export interface GeneralData {
  id: GeneralId;
  name: string;
  side: SideName;
  bonus: number;
  mp: MovementPoints;
  commands: 'french' | 'any';
  source: string;
}
export type CrtSideResult = 'PP' | 'A1' | 'A2' | 'A3' | 'D1' | 'D2' | 'D3' | 'JM';
export interface CrtCell {
  attacker: CrtSideResult;
  defender: CrtSideResult;
  winner: 'attacker' | 'defender';
}
export interface Range {
  min: number;
  max: number;
}
export interface TownData {
  hex: HexId;
  name: string;
  french: number;
  english: number;
  source: string;
}

export interface IrlRulesData {
  game: 'irlande-1798';
  edition: string;
  turns: { count: number; source: string };
  map: { rows: number; columns: number; orientation: string; source: string; hexes: HexData[]; roads: RoadData[]; rivers: RiverData[] };
  terrain: TerrainData[];
  movement: { roadCost: number; riverCost: number; riverShift: number; source: string };
  units: UnitData[];
  generals: GeneralData[];
  stacking: { limit: StrengthPoints; source: string };
  crt: { source: string; columns: string[]; minDie: number; maxDie: number; rows: { die: number; results: CrtCell[] }[] };
  recruitment: {
    source: string;
    table: (Range & { points: number })[];
    oneMilitia: number;
    twoOrMoreMilitia: number;
    perFrenchDefeat: number;
    counterMax: number;
  };
  bombardment: {
    source: string;
    townOrVillageModifier: number;
    results: (Range & { effect: 'none' | 'retreat' | 'retreat-morale' | 'retreat-step-morale' })[];
  };
  rout: { infantry: number; cavalry: number; englishRoutHexes: HexId[]; sligoGarrison: UnitId; sligoRoutHex: HexId; source: string };
  setup: {
    fleetHex: HexId;
    french: { hex: HexId; units: UnitId[]; generals: GeneralId[]; source: string };
    english: { unit: UnitId; hex: HexId; source: string }[];
    sligoFrozenUntil: HexId[];
    sligoSource: string;
    killala: HexId;
    unitsInPool: UnitId[];
  };
  reinforcements: { turn: number; hex: HexId; units: UnitId[]; generals: GeneralId[]; source: string }[];
  victory: {
    automaticAfterTurn: number;
    source: string;
    towns: TownData[];
    french: { militia: number; regular: number };
    english: { unitedIrishmen: number; french: number };
  };
}

/** Derived indexes built once by loadRules; they belong to the rules object (never to the state). */
export interface MapIndex {
  hex: Record<HexId, HexData>;
  ids: HexId[];
  /** Each hex's place in `ids` (positions are kept in arrays by it, map.ts). */
  hexNumber: Record<HexId, number>;
  /** Neighbours in a fixed order (east, west, then the rows north and south, east first). */
  neighbours: Record<HexId, HexId[]>;
  /** "a|b" keys (a < b) of hexsides with a road across, and with a river. */
  roadSide: Record<string, true>;
  riverSide: Record<string, true>;
  /** The same, by hex and neighbour (no string building in the hot paths). */
  road: Record<HexId, Record<HexId, true>>;
  river: Record<HexId, Record<HexId, true>>;
  /** Hexes with a road (a road crosses one of their hexsides). */
  onRoad: Record<HexId, true>;
  /** Coastal hexes on the sea that reaches the fleet's hex (rule 12.1 landing). */
  landing: HexId[];
  terrain: Record<Terrain, TerrainData>;
  unit: Record<UnitId, UnitData>;
  general: Record<GeneralId, GeneralData>;
  town: Record<HexId, TownData>;
  /** Cube coordinates from honeycomb-grid, for distances. */
  cube: Record<HexId, { q: number; r: number; s: number }>;
  /**
   * The hexes numbered (each hex's number is its place in `ids`, `hexNumber`): by hex number, the
   * hexsides to its neighbours, in the order of `neighbours` (movement works on these, map.ts).
   */
  sides: HexSide[][];
}

/**
 * A hexside seen from one hex (rulebook 7, the terrain table by hexside): the neighbour across it (its
 * number in MapIndex.ids, and its id), whether a road or a river crosses it, and the movement points
 * to cross it into the neighbour at the terrain rates, by unit type (null = prohibited; map.ts,
 * terrainEnterCost).
 */
export interface HexSide {
  to: number;
  toId: HexId;
  road: boolean;
  river: boolean;
  cost: Record<UnitType, MovementPoints | null>;
}

export type IrlRules = IrlRulesData & { index: MapIndex };

/** Where a counter is. */
export type Place = 'map' | 'sea' | 'pool' | 'reinforcement' | 'eliminated';

export interface UnitState {
  id: UnitId;
  place: Place;
  hex: HexId | null;
  strength: StrengthPoints;
  routed: boolean;
}
export interface GeneralState {
  id: GeneralId;
  place: Place;
  hex: HexId | null;
}

/** The turn sequence (rulebook 3.1): A reinforcements, B French movement, C French combat, D English movement, E English combat, F rally, G automatic victory. */
export type Phase = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/** A group of counters moving together, step by step (rulebook 7). */
export interface MovingGroup {
  units: UnitId[];
  generals: GeneralId[];
  from: HexId;
  path: HexId[];
  /** Per unit: cost at the terrain rates so far, whether every step followed a road, steps taken, the one-hex rule used. */
  spent: Record<UnitId, { normal: number; road: boolean; steps: Int; exhausted: boolean }>;
  /** Control changes on the way, logged after the move itself. */
  notes: string[];
  /** Units Humbert's hidden stack dropped on the way: logged (named) only if Humbert does not end the move with them (rule 5). */
  left?: { unit: UnitId; hex: HexId }[];
  /** The destinations and their routes, once the player asked for them (movement.ts, destinations). */
  routes?: { id: string; label: string; path: HexId[] }[];
}

/** A combat being declared or resolved (rulebook 8). */
export interface CombatState {
  attackerSide: SideName;
  target: HexId;
  attackers: UnitId[];
  defenders: UnitId[];
  /** Hexes the attackers stood in at the declaration. */
  attackHexes: HexId[];
  declared: boolean;
  stratagems: { attacker: Stratagem | null; defender: Stratagem | null };
  /** Set once the die is rolled. */
  result?: CrtCell & { column: string; die: Int };
  winner?: SideName | null;
  /** The Killala attack from the fleet (rule 12.1). */
  fromSea?: boolean;
  /** The unit the artillery last bombarded (a second target only after it routed). */
  bombardTarget?: UnitId;
  /** Units of each side in the combat at the declaration (for the recruitment modifiers, rule 6.2). */
  englishMilitia: Int;
  /**
   * With --option humbert-combat=hidden: Humbert's hex and its French units when the fight was declared.
   * They stay hidden from the English wherever the combat takes them until it ends (rule 5); then those
   * apart from Humbert come into view.
   */
  humbertStack?: {
    hex: HexId;
    units: UnitId[];
    /**
     * Hexes where an English retreat, rout or advance of this combat ran into a unit of the stack it had
     * taken there: the English know a French unit stands in each (rules/irlande-1798.md, "Running into
     * the hidden stack").
     */
    found?: HexId[];
  };
}

/** The combats a side lost in a turn, by the hex fought for (rule 6.2 reads the preceding turn's). */
export interface Defeats {
  french: HexId[];
  /** Each English defeat with the number of Irish militia (green band) units in the English force. */
  english: { hex: HexId; militia: Int }[];
}

export type Stratagem = 'bayonet' | 'officers' | 'forced-march' | 'cavalry-charge' | 'artillery';

/** A pending piece of work that needs the owner's choices: losses, retreats, routs, advances, general placement. */
export type Task =
  | { kind: 'loss'; side: SideName; count: Int; among: UnitId[]; first: UnitId[]; firstLeft: Int; why: string }
  | { kind: 'retreat'; unit: UnitId; why: string }
  | { kind: 'rout'; unit: UnitId; left: Int; visited: HexId[]; why: string }
  | { kind: 'morale'; units: UnitId[]; why: string }
  | { kind: 'advance'; side: SideName; units: UnitId[]; into: HexId[] }
  | { kind: 'bombard'; round: Int }
  | { kind: 'resolve' }
  | { kind: 'after-combat' }
  | { kind: 'end-combat' };

export interface IrlState {
  turn: Int;
  phase: Phase;
  /** Sub-step of the phase: which question is pending. */
  stage: Stage;
  units: Record<UnitId, UnitState>;
  generals: Record<GeneralId, GeneralState>;
  /** Controller of each VP hex (rulebook 13.2: the English at the start). */
  control: Record<HexId, SideName>;
  /** The French have landed (rule 12.1); false while the fleet is at sea. */
  landed: boolean;
  /** Units that disembarked this turn: they neither move nor attack (rule 12.1). */
  landedThisTurn: UnitId[];
  /** The Sligo Garrison may move (rule 12.2). */
  sligoFree: boolean;
  /** Units that finished moving this phase. */
  moved: UnitId[];
  group: MovingGroup | null;
  /** Units of the side that have attacked this phase; units attacked this turn (rulebook 8.1). */
  attackedThisPhase: UnitId[];
  attackedThisTurn: UnitId[];
  combat: CombatState | null;
  tasks: Task[];
  /** Where play goes when the tasks are done: a stage, or the next phase. */
  resume: Stage | 'next-phase';
  /** Where units that left a hex in the current combat or rally went (a general follows them, rulebook 9.2). */
  departures: Record<HexId, HexId[]>;
  /** The French tried the Killala attack from the fleet (rule 12.1). */
  killalaTried: boolean;
  /** Stratagems (rulebook 11): one per side a turn; the once-only ones spent; artillery abandoned. */
  stratagemThisTurn: Record<SideName, boolean>;
  spent: Stratagem[];
  /** Forced march: the French units in Humbert's hex at the start of the turn, and whether it is in force. */
  withHumbertAtStart: UnitId[];
  forcedMarch: UnitId[];
  /** Combat defeats of the turn (rule 6.2 modifiers), where they happened: French defeats; English defeats with their militia counts. */
  defeats: Defeats;
  lastTurnDefeats: Defeats;
  /** Recruitment in progress: strength points still to place. */
  recruits: Int;
  /** Victory points at the end of each turn played (rule 6.2 looks at the preceding turn). */
  vpAtEnd: Record<SideName, Int>[];
  /** Humbert's stack has been shown by combat: the English see it until the next French movement phase (rule 5). */
  humbertRevealed: boolean;
  /**
   * humbertCombat (--option humbert-combat): 'hidden' keeps the stack hidden through combat; absent is
   * the default, "shown" (left out of the state so that records made before the option keep their hash;
   * a position edited to say "shown" is taken as the default too).
   */
  options: { routExit: 'leave' | 'stop'; humbertSize: 'shown' | 'hidden'; humbertCombat?: 'hidden' | 'shown' };
  over: boolean;
  winner: SideName | null;
  victory: 'french-automatic' | 'english-automatic' | 'points' | null;
  endTurn: Int | null;
  stats: { combats: Int; frenchDefeats: Int; englishDefeats: Int; surrenders: Int; recruited: Int; bombardments: Int };
}

export type Stage =
  | 'landing'
  | 'killala-unit'
  | 'recruit'
  | 'reinforce'
  | 'move'
  | 'moving'
  | 'combat'
  | 'attackers'
  | 'defender-stratagem'
  | 'tasks'
  | 'rally'
  | 'over';
