/**
 * Types of the Small Action Rules module: the rules data (rules/small-action.json) and the state.
 * Distances are `Millimetres` on the table, measured between cell centres; cells are `Cell`
 * indices (row * columns + column) inside the module and `CellId`s ("M14": row M, column 14) for people.
 */

import type { Int } from '../../engine/int.js';

/** A distance on the table, in millimetres (10 mm = 1.5 m). */
export type Millimetres = number;
/** A cell's index on the grid: row * columns + column (0-based). -1 = not on the table. */
export type Cell = Int;
/** A cell as players write it: row letter(s) then column number, e.g. "M14". */
export type CellId = string & { readonly __cellId: true };

export const SIDES = ['Blue', 'Red'] as const;
export type SideName = (typeof SIDES)[number];
export function other(side: SideName): SideName {
  return side === 'Blue' ? 'Red' : 'Blue';
}

export type Klass = 'A' | 'B' | 'C';
export type Edge = 'north' | 'south' | 'east' | 'west';
/** The eight facings, clockwise from north. */
export const FACINGS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
export type Facing = (typeof FACINGS)[number];

/** The seven order cards (rulebook: Order Card Definitions). */
export const ORDER_KINDS = ['march', 'combat', 'cautious', 'suppressive-fire', 'aimed-fire', 'fire-and-movement', 'full-cover'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** The three movement modes of the Movement Rates table. */
export type MoveMode = 'march' | 'combat' | 'cautious';
export const MOVE_MODES: readonly MoveMode[] = ['march', 'combat', 'cautious'];
/** An order card: the order, and for Fire and Movement the mode its movers use. */
export interface OrderCard {
  kind: OrderKind;
  mode?: MoveMode;
}

/** Fire table columns: the target's order (moving) or its cover (stationary). */
export type FireColumn = 'march' | 'combat' | 'cautious' | 'soft' | 'hard';
export type Cover = 'none' | 'soft' | 'hard';
export type TroopType = 'infantry' | 'hmg' | 'mounted' | 'wheeled' | 'tracked' | 'rail';

export interface TerrainDef {
  char: string;
  name: string;
  cover: Cover;
  movement: 'open' | 'close' | 'obstacle' | 'wading' | 'deep';
  blocksSight: boolean;
  woods: boolean;
  closeCountry: boolean;
  confined: boolean;
  fullCover: boolean;
  source: string;
}

export interface WeaponDef {
  name: string;
  range: Millimetres;
  dice: number;
  troop: 'infantry' | 'hmg' | 'mounted';
  beatenZone: { across: Millimetres; deep: Millimetres } | null;
  source: string;
}

export interface FigureDef {
  cell: string;
  weapon: string;
  name: string;
  grenades?: number;
}

export interface SectionDef {
  id: string;
  name: string;
  side: SideName;
  class: Klass;
  mark: string;
  facing: Facing;
  /** The leader first, the 2IC second. */
  figures: FigureDef[];
  source: string;
}

export interface ScenarioDef {
  id: string;
  name: string;
  blurb: string;
  source: string;
  table: { width: Millimetres; depth: Millimetres };
  map: string[];
  sides: Record<SideName, { name: string; homeEdge: Edge }>;
  turnLimit: number;
  sections: SectionDef[];
  firstOrders: { section: string; order: string; source: string }[];
  victory: {
    perCasualty: number;
    mustExit: { side: SideName; pointsPerFigure: number } | null;
    hold: { name: string; cells: string[]; points: number }[];
    source: string;
  };
}

/** A scenario's grid, derived from its data when the rules are loaded. */
export interface Grid {
  cols: number;
  rows: number;
  /** Terrain key of every cell, by Cell index. */
  terrain: string[];
  /** Speed factor of every cell's ground (movement modifiers), derived with the grid. */
  speed: number[];
  /** The terrain of every cell (its definition in the rules), derived with the grid. */
  ground: TerrainDef[];
  /**
   * What a step costs, in mm of a figure's allowance, derived with the grid (movement.ts,
   * `stepCost`): from cell c toward (dx, dy) at index c * 9 + (dy + 1) * 3 + (dx + 1);
   * Infinity off the table (and for the cell itself).
   */
  steps: Float64Array;
  /** Every cell's name ("M14"), by Cell index, derived with the grid (geometry.ts, `cellId`). */
  names: CellId[];
  /** Every cell's name as option ids write it ("m14"), by Cell index, derived with the grid. */
  keys: string[];
  /** The cell of each name, as written ("M14") and in option ids ("m14"), derived with the grid. */
  cellsByName: Map<string, Cell>;
}

export interface SaRules {
  game: 'small-action';
  title: string;
  source: string;
  grid: { cellSize: Millimetres; figuresPerCell: number; groundScale: string; source: string };
  terrain: Record<string, TerrainDef>;
  movementRates: Record<TroopType, Record<MoveMode, Millimetres | null>> & { source: string };
  movementModifiers: Record<TerrainDef['movement'], number> & { source: string };
  orders: Record<
    OrderKind,
    { name: string; moves: MoveMode | 'any' | null; minFraction: number; fires: 'suppressive' | 'aimed' | null; source: string }
  >;
  fireTable: { shortRange: Millimetres; classes: Record<Klass, Record<FireColumn, [number, number, number]>>; source: string };
  weapons: Record<string, WeaponDef>;
  grenades: {
    throwRange: Millimetres;
    lethalRadius: Millimetres;
    secondaryRadius: Millimetres;
    lethalChance: number;
    confinedChance: number;
    secondaryChance: number;
    deviation: { die: number; over: number; under: number; distance: Millimetres; smallTargetModifier: number };
    source: string;
  };
  closeCombat: {
    die: number;
    lowerClass: number;
    moreThanOne: number;
    fullCover: number;
    obstacle: number;
    suppressed: number;
    source: string;
  };
  command: { open: Millimetres; close: Millimetres; secondInCommandFactor: number; source: string };
  dangerToLeaders: { die: number; leaderHitOn: number; source: string };
  morale: { target: Record<Klass, number>; perCasualty: number; halfStrength: number; source: string };
  scenarios: ScenarioDef[];
  /** Derived at load (not in the file): each scenario's grid, by scenario id; and the terrain key of each map character. */
  grids: Record<string, Grid>;
  charTerrain: Record<string, string>;
}

/** A figure's state: on the table (ready or a casualty where it fell), or gone off its home edge. */
export type FigureStatus = 'ready' | 'casualty' | 'exited';
export type Role = 'leader' | '2ic' | 'man';

export interface FigureState {
  /** "a3": the section's mark and the figure's number (1 = leader, 2 = 2IC). */
  label: string;
  name: string;
  section: Int;
  role: Role;
  weapon: string;
  grenades: Int;
  cell: Cell;
  status: FigureStatus;
  /** Hit by suppressive fire this turn: cannot carry out its order (rulebook: Suppressive Fire). */
  suppressed: boolean;
  /**
   * The order this figure carries out: the section's card when it was within the command radius
   * as the card was laid, else its last order (small-action-notes.md, Command radius). Null before any.
   */
  order: OrderCard | null;
  /** Fire and Movement this turn: whether it is one of the firing half or the moving half. */
  fm: 'fire' | 'move' | null;
  /** Moved this turn (for the map's change marks). */
  moved: boolean;
  /** Threw a grenade this turn (it does not fire its weapon too). */
  threw: boolean;
}

export interface SectionState {
  id: string;
  name: string;
  side: SideName;
  cls: Klass;
  mark: string;
  facing: Facing;
  /** Indices into `figures`. The leader is figures[0] of the section, the 2IC figures[1]. */
  members: Int[];
  leader: Int;
  second: Int;
  /**
   * This turn's order card. Secret (small-action: PLACE ORDER CARDS) until `s.revealed`: views of the
   * other side never hold it, nor whether it was laid.
   */
  card: OrderCard | null;
  /** An order imposed for the coming turn (first-turn scenario orders, a failed morale test): public. */
  forced: OrderCard | null;
  /** Why `forced` (for the log and the map). */
  forcedWhy: string | null;
  /** A failed morale test at half strength: falls back toward its home edge next turn (house rule). */
  fallBack: boolean;
  casualtiesThisTurn: Int;
  leaderLostThisTurn: boolean;
}

export type Stage = 'orders' | 'suppressive' | 'movement' | 'aimed' | 'over';

export interface SaState {
  scenario: string;
  /**
   * `facing`: 'turn' (a section on Aimed Fire turns to face its target) or 'fixed' (it fires to the front it has).
   * `leaderLast`: 'section' (the leader is hit last among the figures the whole volley can hit); absent
   * means 'firer' (last among those the firer can hit), so the states of earlier records are unchanged.
   * `leadersOff`: 'as-body' (leader and 2IC gone off the table, the men left take each new card as a
   * body); absent means 'last-order' (a new card reaches no one: the men keep their last order).
   */
  options: {
    morale: boolean;
    danger: 'off' | 'on' | 'on-2ic';
    facing: 'turn' | 'fixed';
    leaderLast?: 'section';
    leadersOff?: 'as-body';
  };
  turn: Int;
  turnLimit: Int;
  stage: Stage;
  /** The side that fires and moves first this turn (alternates: Blue on odd turns). */
  first: SideName;
  /** Orders stage: whose cards are being laid. */
  ordering: SideName;
  revealed: boolean;
  /** Sections still to act in the current fire or movement stage, in order (indices). */
  queue: Int[];
  /** Aimed fire: the section whose grenades are being thrown (it then fires or holds). */
  throwing: Int | null;
  sections: SectionState[];
  figures: FigureState[];
  points: Record<SideName, Int>;
  over: boolean;
  winner: SideName | null;
  endReason: string | null;
  stats: {
    orders: Record<string, Int>;
    fires: Int;
    grenades: Int;
    closeCombats: Int;
    moraleFails: Int;
  };
}
