/**
 * Event windows (english-civil-war-notes.md, "Timing of cards"). At a table both players would play
 * their cards for a window at once, so a window is a simultaneous secret commitment
 * (architecture.md, "Simultaneous secret decisions"): each side asked lays its cards face down —
 * out of its hand, unseen by the other side, its number unseen too — then all are revealed together
 * and take effect, Parliament's first. A window is always offered to every side it concerns, even one
 * holding nothing it may play (the engine then applies the lone "done" for it), so whether a side had
 * a card is never shown by who was asked. Each call site keeps its rule's effect and rulebook note.
 */
import type { ChoiceOption, GameEnv } from '../../engine/module.js';
import { cardNames, cardOf, lineOf, mayPlayEvent, rulesOf, takeFromHand, type DeckCard, type Window } from './cards.js';
import { CardOption } from './card-option.js';
import { playedCard, Question, registerStage } from './flow.js';
import { other, SIDES, type CardId, type CardLine, type EcwRules, type EcwState, type SideName, type Stage } from './state.js';

export interface EventWindow {
  stage: Exclude<Stage, 'over'>;
  /** The phase named to the player. */
  phase: string | ((s: EcwState) => string);
  /** The question, from the side asked and the window whose cards it may play (written only when read: never from the state). */
  prompt: (side: SideName, window: Window) => string;
  /** The window whose cards `side` may play (it differs by side after a battle: the winner's, the loser's). */
  window: Window | ((s: EcwState, side: SideName) => Window);
  /** The label of the "done" option. */
  none?: string;
  /** One card at most per side. */
  once?: boolean;
  /** A revealed card's effect and its log line; the card is already in the discard. */
  play(s: EcwState, line: CardLine, env: GameEnv, cid: CardId, side: SideName): void;
  /** After the reveal and every effect: go on to the next stage. */
  done(s: EcwState, env: GameEnv): void;
}

/**
 * Opens a window (or any stage both sides answer in secret) for `sides`. When both are asked, the
 * side that decided last goes first: the order does not matter to the rules, and in hot-seat the
 * keyboard then changes hands once per window.
 */
export function openWindow(s: EcwState, stage: Exclude<Stage, 'over'>, sides: readonly SideName[]): void {
  s.stage = stage;
  if (sides.length === 2 && sides.includes(s.lastAsked)) {
    s.asking = s.lastAsked;
    s.windowNext = [other(s.lastAsked)];
  } else {
    s.asking = sides[0];
    s.windowNext = sides.slice(1);
  }
}

/** Moves on to the next side of the window; false when every side has answered. */
export function nextInWindow(s: EcwState): boolean {
  const next = s.windowNext.shift();
  if (next === undefined) return false;
  s.asking = next;
  return true;
}

const NONE: readonly CardId[] = Object.freeze([]);

/** A copy of a list of cards (for a prompt written later), the empty list shared. */
export function copyOf(cards: readonly CardId[]): readonly CardId[] {
  return cards.length ? cards.slice() : NONE;
}

/** Lays a card face down for the window at hand (out of the hand, not yet in the discard). */
export function commitCard(s: EcwState, side: SideName, cid: CardId): void {
  takeFromHand(s, side, cid);
  s.sides[side].committed.push(cid);
}

/**
 * The reveal: the cards committed by both sides are shown (undo never goes back past it) and go to
 * the discard, Parliament's first; `each` takes each card's effect. Stops early when the game ends.
 */
export function revealCommitted(s: EcwState, env: GameEnv, each: (side: SideName, cid: CardId) => void): void {
  env.reveal?.();
  for (const side of SIDES) {
    const cards = s.sides[side].committed;
    if (cards.length === 0) continue;
    s.sides[side].committed = [];
    for (const cid of cards) {
      s.discard.push(cid);
      each(side, cid);
      if (s.over) return;
    }
  }
}

/**
 * Options of a window: one "play cX" per distinct playable card in hand, then `last` (the option that
 * plays nothing more). With nothing to play, `last` itself: a window's options are read, never changed.
 */
export function windowOptions(s: EcwState, rules: EcwRules, side: SideName, window: Window, last: ChoiceOption[]): ChoiceOption[] {
  let opts: ChoiceOption[] | null = null;
  for (const c of s.sides[side].hand) {
    const card = cardOf(rules, c);
    if (mayPlayEvent(s, side, card, window) && !(opts && offersLine(opts, card.line))) (opts ??= []).push(card.play);
  }
  if (!opts) return last;
  for (const o of last) opts.push(o);
  return opts;
}

/** Whether one of `opts` names a card of line `line` (copies are interchangeable: one option per line). */
export function offersLine(opts: readonly ChoiceOption[], line: CardLine): boolean {
  for (const o of opts) if ((o as Partial<CardOption>).line === line) return true;
  return false;
}

/**
 * The numbers a player types in a question asked again after each card laid face down (an event
 * window, the End Phase's discards): a player who read "3" and typed it after the screen had moved got
 * another card, the list having closed up. Each card line `mayLay` lets the side lay there, in its hand
 * or laid already, keeps one number for the whole window, 1 on in card-list order (a line whose last
 * copy is laid leaves its number free, never passed on); the options that lay no card ("done") come
 * after them all. The options keep their order (bots draw by place); records keep ids: the numbers are
 * for people only (module.ts, ChoiceOption), so they are worked out when first read, as labels are
 * (lazy-option.ts: read before the choice is applied); bots and playouts never pay for them. Nothing
 * the side does not see: its own hand and laid cards.
 */
export function numberCards(
  s: EcwState,
  rules: EcwRules,
  side: SideName,
  opts: ChoiceOption[],
  mayLay: (card: DeckCard) => boolean,
): ChoiceOption[] {
  if (opts.length < 2) return opts; // a lone option is applied, never typed (and may be shared)
  const table = new WindowNumbers(s, rules, side, mayLay);
  let rest = 0;
  return opts.map((o) => new NumberedOption(o, table, o instanceof CardOption ? -1 : rest++));
}

/** The card lines of a window in card-list order (numberCards), found the first time a number is read. */
class WindowNumbers {
  #lines: DeckCard[] | null = null;
  constructor(
    private readonly s: EcwState,
    private readonly rules: EcwRules,
    private readonly side: SideName,
    private readonly mayLay: (card: DeckCard) => boolean,
  ) {}

  get lines(): DeckCard[] {
    if (this.#lines) return this.#lines;
    const me = this.s.sides[this.side];
    const lines: DeckCard[] = [];
    for (const cards of [me.hand, me.committed])
      for (const c of cards) {
        const card = cardOf(this.rules, c);
        if (this.mayLay(card) && !lines.some((x) => x.line === card.line)) lines.push(card);
      }
    return (this.#lines = lines.sort((a, b) => a.lineNo - b.lineNo));
  }
}

/** An option of a numbered window: the option itself, under the number numberCards gives it. */
class NumberedOption implements ChoiceOption {
  constructor(
    private readonly option: ChoiceOption,
    private readonly table: WindowNumbers,
    /** Among the options that lay no card, its place (0 on); -1 for a card's option. */
    private readonly rest: number,
  ) {}

  get id(): string {
    return this.option.id;
  }

  get label(): string {
    return this.option.label;
  }

  get number(): number {
    const lines = this.table.lines;
    if (this.rest >= 0) return lines.length + 1 + this.rest;
    const line = (this.option as CardOption).line;
    const k = lines.findIndex((x) => x.line === line);
    if (k < 0) throw new Error(`english-civil-war: no number for option ${this.id}`);
    return k + 1;
  }

  toJSON(): ChoiceOption {
    return { id: this.id, label: this.label, number: this.number };
  }
}

export function eventWindow(w: EventWindow): void {
  // The window's parts, read once here: every decision of the window uses them.
  const { prompt, once, play, done } = w;
  const phaseOf = w.phase;
  const windowOf = w.window;
  const nothingMore = Object.freeze([Object.freeze({ id: 'done', label: w.none ?? 'Play nothing more' })]) as ChoiceOption[];
  const windowFor = (s: EcwState, side: SideName): Window => (typeof windowOf === 'string' ? windowOf : windowOf(s, side));
  registerStage(w.stage, {
    ask(s, rules) {
      const side = s.asking;
      const window = windowFor(s, side);
      // The player's own cards laid in this window are no secret to him: the prompt names them.
      const laid = copyOf(s.sides[side].committed);
      const words = () => prompt(side, window) + (laid.length ? ` Laid face down so far: ${cardNames(rules, laid)}.` : '');
      const phase = typeof phaseOf === 'string' ? phaseOf : phaseOf(s);
      let options = windowOptions(s, rules, side, window, nothingMore);
      // Asked again after each card laid: the numbers stay while the side lays its cards.
      if (!once) options = numberCards(s, rules, side, options, (card) => mayPlayEvent(s, side, card, window));
      return new Question(side, phase, words, options, true);
    },
    act(s, id, env) {
      const rules = rulesOf(env);
      const cid = playedCard(rules, id);
      if (cid) {
        commitCard(s, s.asking, cid);
        if (!once) return; // asked again: another card, or done
      }
      if (nextInWindow(s)) return;
      revealCommitted(s, env, (side, c) => play(s, lineOf(rules, c), env, c, side));
      if (!s.over) done(s, env);
    },
  });
}
