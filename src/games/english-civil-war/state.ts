/** The English Civil War: rules data and game state types (plain JSON data). */

import type { Int } from '../../engine/int.js';

export type SideName = 'Parliament' | 'Royalist';
export const SIDES: readonly SideName[] = ['Parliament', 'Royalist'];
export const other = (s: SideName): SideName => (s === 'Parliament' ? 'Royalist' : 'Parliament');

/** The five aspects (suites) of a battle, in rulebook order. */
export type Aspect = 'tactics' | 'terrain' | 'troops' | 'leadership' | 'morale';
export const ASPECTS: readonly Aspect[] = ['tactics', 'terrain', 'troops', 'leadership', 'morale'];
export const ASPECT_NAME: Record<Aspect, string> = {
  tactics: 'Tactics',
  terrain: 'Terrain',
  troops: 'Troops',
  leadership: 'Leadership',
  morale: 'Morale',
};

/** A card line of the rulebook's card list, e.g. `charles-i`. */
export type CardLineId = string;
/** One physical card of the 158-card deck: `c1` .. `c158`. */
export type CardId = string;

export interface Modifier {
  aspect: Aspect;
  amount: number;
  target: 'self' | 'opponent';
  when?: 'defender';
}
export interface RegimentLoss {
  who: 'self' | 'opponent' | 'both';
  fixed?: number;
  dice?: number;
}
export interface CardEffect {
  modifiers?: Modifier[];
  negates?: Aspect;
  negatesTroopPenalty?: true;
  regimentLoss?: RegimentLoss[];
  stealDice?: number;
  musterDice?: number;
  plotSuccess?: true;
  extraDraws?: number;
  forceAttack?: true;
  forceBattle?: true;
  casualtyReductionDice?: number;
  loserExtraDice?: number;
  lossPhaseDice?: number;
  skirmishDice?: number;
  territory?: number;
}
export interface Restrictions {
  side?: SideName;
  segment?: 'battle' | 'siege';
  role?: 'attacker' | 'defender';
  alliance?: 'scots';
  moreRegiments?: true;
}
export interface CardLine {
  id: CardLineId;
  name: string;
  /** The rulebook's type letters, e.g. "SZD". */
  type: string;
  /** The type letters as words, in the same order: "siege-only", "terrain", "defender-only". */
  flags: string[];
  kind: 'battle' | 'event' | 'victory';
  aspect?: Aspect;
  score: number | null;
  copies: number;
  restrictions: Restrictions;
  effect: CardEffect;
  text: string;
  source: string;
}

export interface PlotRollRule {
  side: SideName;
  ally: 'scots' | 'irish';
  target: number;
  territoryCost: number;
  source: string;
}

export interface EcwRules {
  title: string;
  source: string;
  sides: SideName[];
  aspects: Aspect[];
  deckSize: number;
  setup: { regiments: number; territory: number; totalTerritory: number; handSize: number; source: string };
  typeLetters: { letters: Record<string, string>; source: string };
  muster: { baseDice: number; alliedDice: { scots: number; irish: number }; source: string };
  skirmish: { lossDice: number; source: string };
  casualties: { winnerDice: number; loserDice: number; tieDice: number; source: string };
  bonuses: { moraleAfterWin: number; siegeDefenderTerrain: number; source: string };
  capitulation: {
    bothAttackers: number;
    acceptedBattle: number;
    siege: number;
    strategicRetreat: number;
    victoryCard: number;
    source: string;
  };
  plot: PlotRollRule[];
  loss: { lossDice: number; source: string };
  support: { multiplier: Record<SideName, number>; source: string };
  cards: CardLine[];
  /** Derived from `cards` when the rules are loaded (cards.ts, checkRules): not in the rules file. */
  deckIndex?: import('./cards.js').DeckIndex;
}

/** Where the turn stands: one stage per rulebook phase step that can ask a player something. */
export type Stage =
  | 'strategy' // Strategy Phase: Invade window
  | 'muster' // Muster Phase: muster events, then 4D6
  | 'blunder' // Declarations Phase: Strategic Blunder window
  | 'declare' // Declarations Phase: secret declaration
  | 'tracked-down' // Declarations Phase: attacker's Tracked Down window
  | 'defender-choice' // Declarations Phase: defender's three choices
  | 'siege-confirm' // Siege Segment: the attacker may decline
  | 'skirmish' // Skirmish Segment: Major Raids window, then 1D6 each
  | 'pick' // Battle/Siege Segment: secret card per aspect
  | 'after-battle' // Battle/Siege Segment: Put to the Sword / Slaughter (winner), Rearguard (loser)
  | 'capitulation' // Capitulation Phase: Victory card window
  | 'plot' // Plot Phase: plot rolls (Negotiations / Form Alliance window before each)
  | 'loss' // Loss Phase: Bitter Campaign / Mutiny window, then 1D6 each
  | 'end' // End Phase: discards
  | 'over';

export type Segment = 'skirmish' | 'battle' | 'siege' | 'retreat';
export type Role = 'attacker' | 'defender';
export type Declaration = 'attack' | 'defend';

export interface SideState {
  regiments: Int;
  territory: Int;
  hand: CardId[];
  /** Secret declaration this turn (null until made). */
  declaration: Declaration | null;
  /** Muster events played this turn (their ids). */
  musterCards: CardId[];
  /**
   * Cards committed face down in the event window at hand (played, or discarded in the End Phase),
   * out of the hand and secret from the other side until the window's reveal.
   */
  committed: CardId[];
  /** Forced to attack this turn by the opponent's Strategic Blunder. */
  mustAttack: boolean;
}

export interface BattleState {
  segment: 'battle' | 'siege';
  role: Record<SideName, Role>;
  /** Cards face down (or revealed) per aspect; after the casualties (`discarded`) the cards are in the discard. */
  picks: Record<SideName, Partial<Record<Aspect, CardId>>>;
  /** Whose secret picks are being asked, and for which aspect (index into ASPECTS). */
  pickSide: SideName;
  pickAspect: Int;
  /** The sides that have laid their cards (the first to pick, then both). */
  picked: SideName[];
  revealed: boolean;
  /** Regiments of each side when the cards were revealed (what Troops added). */
  troopRegiments?: Record<SideName, Int>;
  /** The cards went to the discard after the casualties (picks stay for the battle table). */
  discarded?: boolean;
  /** After reveal: the computed scores and the result. */
  scores?: Record<SideName, Record<Aspect, Int>>;
  aspectWinner?: Record<Aspect, SideName | null>;
  negated?: CardId[];
  winner?: SideName | null;
  /** Put to the Sword / Slaughter dice and Rearguard dice played after the result. */
  loserExtraDice: Int;
  reductionDice: Int;
}

/**
 * The game state: play only. The rules data is passed to every module call (src/engine/module.ts) and
 * what is derived from it (each physical card's line, window, conditions and options) is the deck index,
 * built once when the rules are loaded and kept, frozen, on the rules object (cards.ts, DeckIndex).
 */
export interface EcwState {
  turnLimit: Int | null;
  /** Option victory-card: who may play a Victory card in the Capitulation Phase (capitulation.ts). */
  victoryCard: 'taker' | 'winner';
  turn: Int;
  stage: Stage;
  /** Who is being asked at the current stage. */
  asking: SideName;
  /**
   * The sides still to be asked in the event window at hand, after `asking` (english-civil-war.md:
   * both players commit at once; the one who decided last is asked first, so in hot-seat the keyboard
   * changes hands once per window).
   */
  windowNext: SideName[];
  /** The side that made the latest decision (forced ones included). */
  lastAsked: SideName;
  sides: Record<SideName, SideState>;
  /** Top of the deck is the end of the array. */
  deck: CardId[];
  discard: CardId[];
  /** Who is allied with Scotland; Ireland only ever allies with the Royalist. */
  scots: SideName | null;
  irish: boolean;
  /** The Irish alliance's Territory Marker has been paid (once only). */
  irishCostPaid: boolean;
  /** This turn's segment, once known. */
  segment: Segment | null;
  /** Declarations revealed this turn. */
  revealed: boolean;
  /** Attacker when one attacks and the other defends. */
  attacker: SideName | null;
  trackedDown: boolean;
  battle: BattleState | null;
  /** Winner of a battle or siege this turn / last turn (the +2 Morale). */
  wonThisTurn: SideName | null;
  wonLastTurn: SideName | null;
  /** Capitulation: who took markers this turn (may play a Victory card). */
  capitulationWinner: SideName | null;
  /** Plot Phase: index into rules.plot of the roll at hand. */
  plotIndex: Int;
  /** Extra D6 losses from events for the current Skirmish / Loss Phase. */
  extraLoss: Record<SideName, Int>;
  winner: SideName | null;
  over: boolean;
  /**
   * Strategy Phase only (removed when it ends, so other states and final hashes do not carry it):
   * each hand's size after the fill to 8, against which the invariants check that at most one Invade
   * was played.
   */
  filledHands?: Record<SideName, Int>;
  /** Counts for statistics. */
  stats: { skirmishes: Int; battles: Int; sieges: Int; strategicRetreats: Int; ties: Int; declinedSieges: Int };
}
