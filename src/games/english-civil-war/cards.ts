/**
 * The common deck (rulebook: The Deck, Card List): loading the card list, dealing, drawing,
 * and which card a player may legally play where.
 */
import type { GameEnv } from '../../engine/module.js';
import { RulesDataError } from '../../engine/module.js';
import {
  ASPECTS,
  ASPECT_NAME,
  other,
  type Aspect,
  type CardId,
  type CardLine,
  type EcwRules,
  type EcwState,
  type Role,
  type SideName,
} from './state.js';
import { endingProblems } from './ending.js';
import { CardOption } from './card-option.js';

/**
 * The deck derived from the rules data (never stored in the state): the physical cards, and for each
 * its card line, the window its event is played in and the options that name it (their labels are
 * written only when read: card-option.ts). Built once when the rules are loaded (checkRules) and kept,
 * frozen, on the rules object it derives from: a card's details are one array look-up away.
 */
export interface DeckIndex {
  ids: CardId[];
  /** By card number (`c17` is 17; 0 is no card): the index in `rules.cards` of its card line. */
  lineOfCard: number[];
  /** By card number: the card with everything derived from its line. */
  cards: DeckCard[];
}

/** One physical card and what derives from its card line. */
export interface DeckCard {
  id: CardId;
  /** Index of its card line in `rules.cards`. */
  lineNo: number;
  line: CardLine;
  /** The window its effect belongs to ('battle' for a battle card). */
  window: Window;
  /** A battle card's aspect (null for events and Victory cards). */
  aspect: Aspect | null;
  /** Its restrictions (type notation), every condition present: the same shape for every card. */
  conditions: CardConditions;
  /** "play cX" (an event window), "discard cX" (End Phase). */
  play: CardOption;
  discard: CardOption;
  /** "<aspect> cX": laid in its aspect of a battle (battle cards only). */
  lay: CardOption | null;
  /** Where it is offered among battle choices: highest score first, then card-list order. */
  battleRank: number;
}

/** A card line's restrictions with every condition present (null or false: no such condition). */
export interface CardConditions {
  side: SideName | null;
  segment: 'battle' | 'siege' | null;
  role: Role | null;
  alliance: 'scots' | null;
  moreRegiments: boolean;
}

function conditionsOf(line: CardLine): CardConditions {
  const r = line.restrictions;
  return Object.freeze({
    side: r.side ?? null,
    segment: r.segment ?? null,
    role: r.role ?? null,
    alliance: r.alliance ?? null,
    moreRegiments: r.moreRegiments ?? false,
  });
}

function buildDeckIndex(rules: EcwRules): DeckIndex {
  const ids: CardId[] = [];
  const lineOfCard: number[] = [-1];
  rules.cards.forEach((c, i) => {
    for (let k = 0; k < c.copies; k++) {
      ids.push(`c${ids.length + 1}`);
      lineOfCard.push(i);
    }
  });
  // Battle choices: highest score first (then card-list order), so the strongest card heads the list.
  const byStrength = rules.cards.map((_, i) => i).sort((x, y) => (rules.cards[y].score ?? 0) - (rules.cards[x].score ?? 0) || x - y);
  const rank: number[] = [];
  byStrength.forEach((li, r) => (rank[li] = r));
  const cards: DeckCard[] = [];
  ids.forEach((id, k) => {
    const lineNo = lineOfCard[k + 1];
    const line = rules.cards[lineNo];
    cards[k + 1] = Object.freeze({
      id,
      lineNo,
      line,
      window: windowOf(line),
      aspect: line.kind === 'battle' && line.aspect ? line.aspect : null,
      conditions: conditionsOf(line),
      play: Object.freeze(new CardOption(`play ${id}`, line, 'play')),
      discard: Object.freeze(new CardOption(`discard ${id}`, line, 'discard')),
      lay: line.kind === 'battle' && line.aspect ? Object.freeze(new CardOption(`${line.aspect} ${id}`, line, line.aspect)) : null,
      battleRank: rank[lineNo],
    });
  });
  return Object.freeze({ ids, lineOfCard, cards });
}

/** The deck index of loaded rules (checkRules puts it there; a copy of the data gets its own). */
function deckIndex(rules: EcwRules): DeckIndex {
  // Not enumerable: the rules data stays as the file has it (hashes, JSON output, structuredClone).
  if (!rules.deckIndex) Object.defineProperty(rules, 'deckIndex', { value: buildDeckIndex(rules), enumerable: false });
  return rules.deckIndex!;
}

/** A physical card and what derives from its line. Throws Error for a card not in the deck. */
export function cardOf(rules: EcwRules, cid: CardId): DeckCard {
  // "c17" → 17, read digit by digit (no substring: this runs for every card of every hand offered).
  let n = 0;
  for (let k = 1; k < cid.length; k++) n = n * 10 + cid.charCodeAt(k) - 48;
  const card = deckIndex(rules).cards[n];
  if (card === undefined || card.id !== cid) throw new Error(`no card ${cid}`);
  return card;
}

/**
 * The card an option names after its verb ("discard c17" with `verb` "discard"): the deck's own id,
 * so every card the state holds is one of the deck index's strings, never a copy cut from an option
 * (comparing the same string is immediate). Throws Error for a card not in the deck.
 */
export function namedCard(rules: EcwRules, optionId: string, verb: string): CardId {
  return cardOf(rules, optionId.slice(verb.length + 1)).id;
}

/** The card line of a physical card. */
export function lineOf(rules: EcwRules, cid: CardId): CardLine {
  return cardOf(rules, cid).line;
}
/** The index in rules.cards of a physical card's card line. Throws Error for a card not in the deck. */
export function lineIndex(rules: EcwRules, cid: CardId): number {
  return cardOf(rules, cid).lineNo;
}

/** The rules a module call was given (the engine always passes them; see src/engine/module.ts). */
export function rulesOf(env: GameEnv): EcwRules {
  if (!env.rules) throw new Error('english-civil-war: the env carries no rules');
  return env.rules as EcwRules;
}

/** When a card can be played: the window its effect belongs to (english-civil-war-notes.md, "Timing of cards"). */
export type Window =
  'battle' | 'strategy' | 'muster' | 'blunder' | 'tracked-down' | 'skirmish' | 'winner' | 'loser' | 'capitulation' | 'plot' | 'loss';

export function windowOf(line: CardLine): Window {
  if (line.kind === 'battle') return 'battle';
  if (line.kind === 'victory') return 'capitulation';
  const e = line.effect;
  if (e.extraDraws) return 'strategy';
  if (e.musterDice) return 'muster';
  if (e.forceAttack) return 'blunder';
  if (e.forceBattle) return 'tracked-down';
  if (e.skirmishDice) return 'skirmish';
  if (e.loserExtraDice) return 'winner';
  if (e.casualtyReductionDice) return 'loser';
  if (e.plotSuccess) return 'plot';
  if (e.lossPhaseDice) return 'loss';
  throw new RulesDataError(`card ${line.id} has an event effect that belongs to no phase`);
}

/** The type notation as words (rulebook: Card list type notation). */
export const TYPE_FLAG: Record<string, string> = {
  E: 'event',
  B: 'battle-only',
  S: 'siege-only',
  D: 'defender-only',
  A: 'attacker-only',
  R: 'royalist',
  P: 'parliament',
  T: 'tactics',
  Z: 'terrain',
  X: 'troops',
  L: 'leadership',
  M: 'morale',
  V: 'victory',
};

/** The aspect letters of the type notation (rulebook: Card list type notation). */
const ASPECT_LETTER: Record<string, Aspect> = { T: 'tactics', Z: 'terrain', X: 'troops', L: 'leadership', M: 'morale' };

/**
 * Checks what the schema cannot: 158 cards, unique ids, type letters agreeing with the structured
 * fields, every effect in a phase, modifiers and negations naming real aspects. Throws RulesDataError.
 */
export function checkRules(raw: unknown): EcwRules {
  const r = raw as EcwRules;
  const problems: string[] = [];
  const ids = new Set<string>();
  let total = 0;
  r.cards.forEach((c, i) => {
    const at = `/cards/${i} (${c.id})`;
    if (ids.has(c.id)) problems.push(`${at}: duplicate id`);
    ids.add(c.id);
    total += c.copies;
    const letters = c.type.split('');
    if (letters.map((l) => TYPE_FLAG[l]).join() !== c.flags.join()) problems.push(`${at}: flags do not spell type ${c.type}`);
    const aspects = letters.filter((l) => ASPECT_LETTER[l]).map((l) => ASPECT_LETTER[l]);
    const kind = letters.includes('E') ? 'event' : letters.includes('V') ? 'victory' : 'battle';
    if (kind !== c.kind) problems.push(`${at}: type ${c.type} means a ${kind} card, not ${c.kind}`);
    if (kind === 'battle') {
      if (aspects.length !== 1) problems.push(`${at}: a battle card needs exactly one aspect letter`);
      else if (aspects[0] !== c.aspect) problems.push(`${at}: type ${c.type} means aspect ${aspects[0]}, not ${c.aspect}`);
      if (c.score === null) problems.push(`${at}: a battle card needs a score`);
    } else {
      if (c.aspect) problems.push(`${at}: only battle cards have an aspect`);
      if (c.score !== null) problems.push(`${at}: ${kind} cards have no score`);
    }
    const side = letters.includes('R') ? 'Royalist' : letters.includes('P') ? 'Parliament' : undefined;
    if (side !== c.restrictions.side) problems.push(`${at}: type ${c.type} and restrictions.side disagree`);
    const segment = letters.includes('B') ? 'battle' : letters.includes('S') ? 'siege' : undefined;
    // An event's segment may also come from its card notes (Rearguard: "Battle Loser").
    const eventNote = kind === 'event' && segment === undefined && c.restrictions.segment !== undefined;
    if (segment !== c.restrictions.segment && !eventNote) problems.push(`${at}: type ${c.type} and restrictions.segment disagree`);
    const role = letters.includes('A') ? 'attacker' : letters.includes('D') ? 'defender' : undefined;
    if (role !== c.restrictions.role) problems.push(`${at}: type ${c.type} and restrictions.role disagree`);
    for (const m of c.effect.modifiers ?? [])
      if (!r.aspects.includes(m.aspect)) problems.push(`${at}: modifier on unknown aspect ${m.aspect}`);
    if (c.effect.negates && !r.aspects.includes(c.effect.negates)) problems.push(`${at}: negates unknown aspect`);
    const battleOnly = ['modifiers', 'negates', 'negatesTroopPenalty', 'regimentLoss', 'stealDice'];
    const keys = Object.keys(c.effect);
    if (kind !== 'battle' && keys.some((k) => battleOnly.includes(k))) problems.push(`${at}: battle effect on a ${kind} card`);
    if (kind === 'battle' && keys.some((k) => !battleOnly.includes(k))) problems.push(`${at}: event effect on a battle card`);
    if (kind === 'victory' && !c.effect.territory) problems.push(`${at}: a Victory card needs a territory effect`);
    if (kind === 'event') {
      try {
        windowOf(c);
      } catch (e) {
        problems.push(`${at}: ${(e as Error).message}`);
      }
    }
  });
  if (total !== r.deckSize) problems.push(`/cards: ${total} cards with copies, but deckSize is ${r.deckSize}`);
  if (r.deckSize !== 158) problems.push(`/deckSize: the rulebook's deck holds 158 cards, not ${r.deckSize}`);
  if (r.aspects.join() !== ASPECTS.join()) problems.push(`/aspects: must be ${ASPECTS.join(', ')} in rulebook order`);
  problems.push(...handSizeProblems(r));
  problems.push(...endingProblems(r));
  if (problems.length) throw new RulesDataError('English Civil War rules data fails its cross-checks', problems);
  deckIndex(r);
  return r;
}

/**
 * Both hands are dealt from the one deck at the start (Setup, Strategy Phase): a hand size of 0 deals
 * nothing, and one above half the deck leaves the second side short (Parliament drew 158, Royalist 0).
 */
function handSizeProblems(r: EcwRules): string[] {
  const hand = r.setup.handSize;
  const most = Math.floor(r.deckSize / 2);
  if (hand < 1) return [`/setup/handSize: ${hand}: each side needs a hand of at least 1 card`];
  if (hand > most)
    return [
      `/setup/handSize: ${hand} cards for each of the 2 sides is ${2 * hand}, more than the ${r.deckSize}-card deck deals: at most ${most}`,
    ];
  return [];
}

/** Physical cards `c1`..`c158`, in card-list order, each copy its own card (a fresh array). */
export function physicalCards(rules: EcwRules): CardId[] {
  return deckIndex(rules).ids.slice();
}

/** Draws one card; when the deck runs out, the discard is shuffled into a new deck (Strategy Phase). */
export function drawCard(s: EcwState, env: GameEnv): CardId | null {
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    s.deck = env.dice.shuffle(s.discard, 'Strategy Phase: the deck ran out, shuffle the discard');
    s.discard = [];
    env.log({ kind: 'text', text: 'The deck ran out: the discard is shuffled into a new deck.', tone: 'info' });
  }
  return s.deck.pop() ?? null;
}

/** Draws `n` cards into a hand; logs only how many (hands are secret). */
export function drawCards(s: EcwState, side: SideName, n: number, env: GameEnv): number {
  let got = 0;
  for (let i = 0; i < n; i++) {
    const c = drawCard(s, env);
    if (c === null) break;
    s.sides[side].hand.push(c);
    got++;
  }
  // The drawn cards were secret (the deck's order): undo never goes back past a draw (env.reveal).
  if (got > 0) env.reveal?.();
  return got;
}

/**
 * Takes a card out of `side`'s hand, the rest keeping their order (the options list a hand in its
 * order). Every card that leaves a hand goes through here. Throws Error for a card not in the hand.
 */
export function takeFromHand(s: EcwState, side: SideName, cid: CardId): void {
  const hand = s.sides[side].hand;
  const i = hand.indexOf(cid);
  if (i < 0) throw new Error(`${cid} is not in ${side}'s hand`);
  // The cards after it move up one place (splice would also make an array of the card taken).
  for (let k = i + 1; k < hand.length; k++) hand[k - 1] = hand[k];
  hand.pop();
}

/** Moves a card from a hand to the discard (a played or discarded card). */
export function discardFromHand(s: EcwState, side: SideName, cid: CardId): void {
  takeFromHand(s, side, cid);
  s.discard.push(cid);
}

/** Side, alliance and regiment conditions a card puts on its holder. */
function holderMayPlay(s: EcwState, side: SideName, r: CardConditions): boolean {
  if (r.side && r.side !== side) return false;
  if (r.alliance === 'scots' && s.scots !== side) return false;
  if (r.moreRegiments && !(s.sides[side].regiments > s.sides[other(side)].regiments)) return false;
  return true;
}

/**
 * May `side` play this event/victory card in `window` now? (The stage checks the window's own
 * conditions.) An event naming a segment (Rearguard: "Battle Loser") is played only after that segment.
 */
export function mayPlayEvent(s: EcwState, side: SideName, card: DeckCard, window: Window): boolean {
  const r = card.conditions;
  if (card.window !== window || card.line.kind === 'battle' || !holderMayPlay(s, side, r)) return false;
  return !r.segment || s.segment === r.segment;
}

/**
 * May `side` put this card into `aspect` of the battle or siege at hand (Battle Segment, Siege Segment,
 * type notation): its aspect, B/S segment, A/D role, R/P side, alliance and "more Regiments" conditions.
 * Leader cards carry no B/S letter, so they serve in both.
 */
export function mayPlayInBattle(
  s: EcwState,
  side: SideName,
  card: DeckCard,
  aspect: Aspect,
  segment: 'battle' | 'siege',
  role: Role,
): boolean {
  // A battle card of that aspect (only battle cards have one).
  if (card.aspect !== aspect) return false;
  const r = card.conditions;
  if (r.segment && r.segment !== segment) return false;
  if (r.role && r.role !== role) return false;
  return holderMayPlay(s, side, r);
}

/** The cards' names, joined by commas ("Trap, Invade"). */
export function cardNames(rules: EcwRules, cards: readonly CardId[]): string {
  return cards.map((c) => lineOf(rules, c).name).join(', ');
}

/** Short restriction text for tables: "Parliament, battle only, defender, allied with Scots". */
export function restrictionText(line: CardLine): string {
  const r = line.restrictions;
  const parts: string[] = [];
  if (r.side) parts.push(`${r.side} only`);
  if (r.segment) parts.push(`${r.segment} only`);
  if (r.role) parts.push(`${r.role} only`);
  if (r.alliance) parts.push('allied with Scots');
  if (r.moreRegiments) parts.push('more Regiments');
  return parts.join(', ') || '-';
}

export function aspectText(line: CardLine): string {
  if (line.kind === 'battle' && line.aspect) return ASPECT_NAME[line.aspect];
  return line.kind === 'victory' ? 'Victory' : 'Event';
}
