/** What one side may see (hidden information: the other hand, deck order, secret declaration and battle picks). */
import type { Aspect, BattleState, CardId, CardLine, Declaration, EcwRules, EcwState, Role, SideName, Stage } from './state.js';
import { SIDES } from './state.js';
import { lineOf } from './cards.js';
import { supportLimit } from './loss-support.js';

export interface SideView {
  regiments: number;
  territory: number;
  supportLimit: number;
  /**
   * Cards held: the hand, plus (for the other side) the cards it has laid face down and not yet
   * revealed — their number is as secret as the cards.
   */
  handCount: number;
  /** The hand, or null when it is the other side's. */
  hand: CardId[] | null;
  /** The viewer's own cards laid face down in the window at hand (null for the other side). */
  committed: CardId[] | null;
  /** The declaration, 'hidden' while the other side's is secret. */
  declaration: Declaration | 'hidden' | null;
  musterCards: CardId[];
  mustAttack: boolean;
}

export interface BattleView {
  segment: 'battle' | 'siege';
  role: Record<SideName, Role>;
  /** A side's picks, or null while they are face down and not the viewer's. */
  picks: Record<SideName, Partial<Record<Aspect, CardId>> | null>;
  /** Cards laid face down: the viewer's own count; null for the other side until the reveal. */
  faceDown: Record<SideName, number | null>;
  /** Whose picks are being asked, and the aspect at hand (index into ASPECTS; null when not the viewer's). */
  pickSide: SideName;
  pickAspect: number | null;
  /** The sides that have laid their cards. */
  picked: SideName[];
  revealed: boolean;
  /** Regiments each side had when the cards were revealed (added to Troops). */
  troopRegiments?: Record<SideName, number>;
  scores?: BattleState['scores'];
  aspectWinner?: BattleState['aspectWinner'];
  negated?: CardId[];
  winner?: SideName | null;
}

export interface EcwView {
  viewer: SideName | 'all';
  /**
   * The card details of every card this view shows face up: the viewer's hand ('all': both hands)
   * and the battle cards it may see. Never a card of the other side's hand or face-down picks.
   */
  cards: Record<CardId, CardLine>;
  turn: number;
  turnLimit: number | null;
  stage: Stage;
  asking: SideName;
  sides: Record<SideName, SideView>;
  deckCount: number;
  /** Deck order: only in the 'all' view. */
  deck: CardId[] | null;
  discard: CardId[];
  scots: SideName | null;
  irish: boolean;
  irishCostPaid: boolean;
  segment: EcwState['segment'];
  revealed: boolean;
  attacker: SideName | null;
  trackedDown: boolean;
  battle: BattleView | null;
  wonLastTurn: SideName | null;
  winner: SideName | null;
  over: boolean;
  /** Territory Markers a strategic retreat hands to the attacker (rules data: capitulation). */
  strategicRetreatMarkers: number;
}

/** The card details of a card the view shows. Throws Error for a card the viewer may not see. */
export function viewLine(v: Pick<EcwView, 'cards' | 'viewer'>, cid: CardId): CardLine {
  const line = v.cards[cid];
  if (!line) throw new Error(`${cid} is not face up in ${v.viewer === 'all' ? 'the full' : `${v.viewer}'s`} view`);
  return line;
}

/**
 * A side's view. Its arrays are the state's own, not copies (copying cost a large share of playout time):
 * views are read-only, and a view is made afresh for each decision.
 */
export function makeView(s: EcwState, viewer: SideName | 'all', rules: EcwRules): EcwView {
  const sees = (side: SideName) => viewer === 'all' || viewer === side;
  const b = s.battle;
  /** Battle cards laid face down and not yet revealed. */
  const faceDownCount = (side: SideName) => (b && !b.revealed ? Object.keys(b.picks[side]).length : 0);
  const sides = {} as Record<SideName, SideView>;
  for (const side of SIDES) {
    const me = s.sides[side];
    sides[side] = {
      regiments: me.regiments,
      territory: me.territory,
      supportLimit: supportLimit(s, rules, side),
      handCount: sees(side) ? me.hand.length : me.hand.length + me.committed.length + faceDownCount(side),
      hand: sees(side) ? me.hand : null,
      committed: sees(side) ? me.committed : null,
      declaration: sees(side) || s.revealed || me.declaration === null ? me.declaration : 'hidden',
      musterCards: me.musterCards,
      mustAttack: me.mustAttack,
    };
  }
  let battle: BattleView | null = null;
  if (b) {
    const open = (side: SideName) => b.revealed || sees(side);
    battle = {
      segment: b.segment,
      role: { ...b.role },
      picks: {
        Parliament: open('Parliament') ? { ...b.picks.Parliament } : null,
        Royalist: open('Royalist') ? { ...b.picks.Royalist } : null,
      },
      faceDown: {
        Parliament: open('Parliament') ? faceDownCount('Parliament') : null,
        Royalist: open('Royalist') ? faceDownCount('Royalist') : null,
      },
      pickSide: b.pickSide,
      pickAspect: sees(b.pickSide) && !b.revealed ? b.pickAspect : null,
      picked: [...b.picked],
      revealed: b.revealed,
      ...(b.revealed
        ? { scores: b.scores, aspectWinner: b.aspectWinner, negated: b.negated, winner: b.winner, troopRegiments: b.troopRegiments }
        : {}),
    };
  }
  // The face-up card details are looked up only when read (render, the heuristic bot): a random
  // bot never reads them.
  let cards: Record<CardId, CardLine> | undefined;
  const faceUp = (): Record<CardId, CardLine> => {
    if (cards) return cards;
    cards = {};
    const show = (cids: readonly CardId[] | null | undefined) => {
      for (const c of cids ?? []) cards![c] = lineOf(rules, c);
    };
    for (const side of SIDES) {
      show(sides[side].hand);
      show(sides[side].committed);
    }
    if (battle) for (const side of SIDES) show(Object.values(battle.picks[side] ?? {}));
    return cards;
  };
  return {
    viewer,
    // A getter: enumerable, so JSON.stringify (replay --json) still writes the card details.
    get cards() {
      return faceUp();
    },
    turn: s.turn,
    turnLimit: s.turnLimit,
    stage: s.stage,
    asking: s.asking,
    sides,
    deckCount: s.deck.length,
    deck: viewer === 'all' ? s.deck : null,
    discard: s.discard,
    scots: s.scots,
    irish: s.irish,
    irishCostPaid: s.irishCostPaid,
    segment: s.segment,
    revealed: s.revealed,
    attacker: s.attacker,
    trackedDown: s.trackedDown,
    battle,
    wonLastTurn: s.wonLastTurn,
    winner: s.winner,
    over: s.over,
    strategicRetreatMarkers: rules.capitulation.strategicRetreat,
  };
}
