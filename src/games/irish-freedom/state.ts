/** Irish Freedom: the game state (plain JSON data only) and the rules data types. */

import type { Int } from '../../engine/int.js';

export type RegionKey = 'dublin' | 'midlands' | 'ulster' | 'west' | 'cork' | 'kerry';
/** An Area: Region key and the Area's die number, e.g. `dublin/3-4`. */
export type AreaId = string;
export type Terrain = 'bogland' | 'townland' | 'city';
export type UnitType = 'army' | 'tans' | 'ric' | 'uvf' | 'mob' | 'guerrilla' | 'flying-column' | 'regular' | 'armoured-car' | 'artillery';
export type Colour = 'red' | 'orange' | 'green' | 'blue';
export type CardKey = string;

/** A counter on the map. `arrived` is the arrival order (0 = set up there): the side whose units were in the
 *  Area first is the side originally present, the defender (Combat). */
export interface Unit {
  id: string;
  type: UnitType;
  colour: Colour;
  area: AreaId;
  arrived: Int;
}

export type PhaseKey =
  | 'event'
  | 'treaty-check'
  | 'british-upgrade'
  | 'british-move'
  | 'irish-actions'
  | 'end-turn'
  | 'treaty'
  | 'treaty-setup'
  | 'cw-event'
  | 'surrender-check'
  | 'republican-upgrade'
  | 'republican-move'
  | 'free-state-actions'
  | 'cw-end-turn'
  | 'over';

/** What the player is being asked (null while automatic phases run). */
export type Ask =
  | { kind: 'action' }
  | { kind: 'move'; unit: string }
  | { kind: 'ride'; unit: string; to: AreaId; how: 'move' | 'naval' | 'landing'; riders: string[] }
  /** The victor's upgrade: whether to upgrade; with two or more tied candidates a die picks which. */
  | { kind: 'upgrade'; candidates: string[] }
  | { kind: 'collins' }
  | { kind: 'event'; card: CardKey; verb: string; targets: string[] }
  | { kind: 'treaty' }
  | { kind: 'setup-artillery'; areas: AreaId[] }
  | { kind: 'setup-armoured-car'; areas: AreaId[] };

/** Factions as bits: British 1, Irish (War of Independence) or Republican (Civil War) 2, Free State 4. */
export type Faction = 1 | 2 | 4;

export interface Fight {
  area: AreaId;
  att: Faction;
  def: Faction;
  stage: 'pre' | 'post';
  /** Michael Collins asked (true = used) for this fight. */
  collins?: boolean;
  /** After the roll: the side that lost, its units left to retreat. */
  loser?: Faction;
  attackerGuards?: string | null;
}

/** An Area to fight in now. `att`: the side that attacks there by rule (the retreating units, Combat:
 *  Retreat), when the side originally present is not what decides. */
export interface CombatTarget {
  area: AreaId;
  any: boolean;
  att?: Faction;
}

export interface CombatState {
  /** Areas to fight in now (retreat destinations are fought at once: depth first). */
  stack: CombatTarget[];
  /** Which pairs the global scan may start: 'all', 'green-blue' (Treaty set-up step 11), 'ulster-british' (step 12). */
  filter: 'all' | 'green-blue' | 'ulster-british';
  then: PhaseKey;
  fight: Fight | null;
}

export interface IFOptions {
  war: 'campaign' | 'independence' | 'civil';
  events: boolean;
  highModifier: boolean;
  ulster: 'partition' | 'united';
  /** Which of the victor's units may take the upgrade after a combat: those in the combat's Area, or any. */
  upgrade: 'combat' | 'anywhere';
  /** A Mob that must retreat: dispersed (eliminated), or it stands and fights another round as attacker. */
  mobRetreat: 'disperse' | 'stand';
  /** Naval destinations: Areas with a port symbol, or every Area of a Region that has one. */
  ports: 'area' | 'region';
  /** Who picks the target of an enemy event worded "any": a die, the player, or the enemy's own rule. */
  enemyAny: 'die' | 'player' | 'rule';
  /** How long Michael Collins' +2 waits for its attack: this turn, or until used. */
  collins: 'turn' | 'until-used';
}

export type EndReason = 'treaty-stop' | 'treaty-independence' | 'british-victory' | 'surrender' | 'republican-victory';

export interface IFState {
  options: IFOptions;
  /** The war being fought now. */
  war: 'independence' | 'civil';
  turn: Int;
  phase: PhaseKey;
  actionsLeft: Int;
  units: Unit[];
  nextId: Int;
  seq: Int;
  /** No Area was contested when the arrival counter stood here (-1: unknown, scan everything). */
  cleanSeq: Int;
  britishMorale: Int;
  republicanMorale: Int | null;
  /** Army, RIC and Tans eliminated in the War of Independence (cumulative). */
  britishEliminated: Int;
  /** Discarded cards of each deck. The deck itself is every card neither discarded nor being resolved:
   *  a draw is a die pick among them, so no hidden order exists to be seen. */
  decks: { greenDiscard: CardKey[]; blueDiscard: CardKey[] };
  /** The card being resolved (drawn, not yet discarded). */
  card: CardKey | null;
  effects: { limerickSoviet: boolean; emmetDalton: boolean; dublinGuards: string | null; michaelCollins: boolean };
  ask: Ask | null;
  combat: CombatState | null;
  setupStep: Int;
  treatyTurn: Int | null;
  woiPoints: Int | null;
  ulsterBonus: boolean | null;
  surrenderTurn: Int | null;
  cwPoints: Int | null;
  over: EndReason | null;
  /** Short lines about the last things that happened (for the screen). */
  lastEvent: string | null;
}

// ---- rules data ----
export interface SourceNote {
  source: string;
}
export interface RegionDef extends SourceNote {
  id: number;
  key: RegionKey;
  name: string;
}
export interface AreaDef extends SourceNote {
  region: RegionKey;
  die: '1-2' | '3-4' | '5' | '6';
  terrain: Terrain;
  port: boolean;
  city: string | null;
}
export interface RoadDef extends SourceNote {
  ends: { region: RegionKey; dice: number[] }[];
}
export interface CounterDef extends SourceNote {
  type: UnitType;
  name: string;
  short: string;
  side: 'british' | 'irish' | 'either';
  colours: Colour[];
  strength: [number, number, number];
  movement: 'none' | 'region' | 'road' | 'with-unit';
  naval?: boolean;
  support: boolean;
}
export interface CardDef extends SourceNote {
  key: CardKey;
  name: string;
  text: string;
}
export interface CombatRow extends SourceNote {
  min: number;
  max: number;
  loser: 'attacker' | 'defender';
  eliminated: number;
  text: string;
}
export interface Placement extends SourceNote {
  area: AreaId;
  type: UnitType;
  colour: Colour;
}
export interface TurnPoints extends SourceNote {
  turns: number[];
  points: number;
}
export interface Level extends SourceNote {
  min: number;
  name: string;
}

export interface IFRules {
  game: string;
  edition: string;
  terrains: ({ key: Terrain; name: string; short: string } & SourceNote)[];
  regions: RegionDef[];
  areas: AreaDef[];
  roads: RoadDef[];
  counters: CounterDef[];
  cards: { green: CardDef[]; blue: CardDef[] };
  combatResults: CombatRow[];
  highModifier: { threshold: number } & SourceNote;
  upgrades: ({ from: UnitType; colour: Colour; to: UnitType; tier: number } & SourceNote)[];
  britishMoveOrder: { order: UnitType[] } & SourceNote;
  civilWarMoveOrder: { order: UnitType[] } & SourceNote;
  britishMorale: { start: number; perRegion: number; perCity: number; perEliminated: number; eliminatedTypes: UnitType[] } & SourceNote;
  treatyPoints: TurnPoints[];
  ulsterBonus: { points: number } & SourceNote;
  treatyLevels: Level[];
  surrenderPoints: TurnPoints[];
  blueRegionPoints: { points: number } & SourceNote;
  finalLevels: Level[];
  lastTurn: { turn: number } & SourceNote;
  actions: { independence: number; civil: number } & SourceNote;
  freeStateRecruits: { types: UnitType[]; areas: AreaId[] } & SourceNote;
  independenceSetup: Placement[];
  treatySetup: {
    ulsterPartition: Placement[];
    ulsterUnited: Placement[];
    dublin: Placement[];
    artilleryRegion: RegionKey;
    armouredCarExcludedRegion: RegionKey;
  } & SourceNote;
}

/** The view: solitaire hides nothing, and the state holds no card order: the state's fields (read-only),
 *  plus the rules' map index for render and the bots (never serialised: its toJSON drops it). */
export type IFView = IFState & { readonly map: import('./map.js').MapIndex };
