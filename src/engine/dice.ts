/**
 * Dice: every random draw of a game goes through here, with its reason.
 *
 * Three sources (architecture.md, "Dice"):
 * - seeded: seedrandom's Alea generator, so the same seed string gives the same game on any machine;
 * - scripted: a list of results given in advance (`--dice 3,5,1` or `--dice @file`), for rules checks;
 * - prompted: the player types each roll (physical dice). The module's `apply` is synchronous, so a
 *   prompted die that has not been typed yet throws `NeedRoll`; the runner asks for it, then re-applies
 *   the choice from a copy of the state with the typed rolls.
 */
import seedrandom from 'seedrandom';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { quote } from './quote.js';

/** One draw, as logged: `result` is 1..sides. */
export interface DieRoll {
  sides: number;
  result: number;
  reason: string;
}

export type DiceMode = 'seeded' | 'scripted' | 'prompted';

/** The dice a module rolls. */
export interface Dice {
  /** A roll of a `sides`-sided die (1..sides). `reason` says why, in rulebook words ("British move: Region"). */
  roll(sides: number, reason: string): number;
  /**
   * The sum of `n` dice of `sides` sides rolled for one reason ("Muster Phase: 4D6 Regiments"): drawn
   * one by one as `roll` draws them, each die's reason "<reason> (die i of n)" when n > 1.
   */
  rollSum(n: number, sides: number, reason: string): number;
  /**
   * Picks one item at random (a rulebook "chosen randomly"); a one-item list draws nothing. The draw
   * is one roll of a die with as many sides as items. `name` says what each item is called (a card's
   * name), for a player who draws it with prompted dice.
   */
  pick<T>(list: readonly T[], reason: string, name?: (item: T) => string): T;
  /**
   * Returns a shuffled copy (Fisher–Yates, one draw per position). `what` names the items for the log
   * ("cards" when absent; "counters" for counters drawn blind).
   */
  shuffle<T>(list: readonly T[], reason: string, what?: string): T[];
}

/**
 * A scripted or prompted roll was needed but none is left. `names`: for a pick, what each result
 * draws (result k draws names[k-1]), so a player can be asked for the card rather than a number.
 */
export class NeedRoll extends Error {
  constructor(
    public readonly sides: number,
    public readonly reason: string,
    public readonly index: number,
    public readonly names?: string[],
  ) {
    super(`die roll #${index + 1} (D${sides}, ${reason}) is needed but none is given`);
    this.name = 'NeedRoll';
  }
}

/** What an item is called: a string itself, else its `name`, else its `id`. */
function nameOf(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  const o = item as { name?: unknown; id?: unknown } | null;
  return typeof o?.name === 'string' ? o.name : typeof o?.id === 'string' || typeof o?.id === 'number' ? String(o.id) : String(item);
}

/** A scripted roll does not fit the die it is used for. */
export class BadRoll extends Error {
  constructor(
    public readonly value: number,
    public readonly sides: number,
    public readonly reason: string,
    public readonly index: number,
  ) {
    super(`scripted roll #${index + 1} is ${value}, but the D${sides} for "${reason}" gives 1..${sides}`);
    this.name = 'BadRoll';
  }
}

/**
 * The reason of die `die` of `of` rolled for one reason: "<reason> (die 2 of 3)", the reason alone for
 * a single die. Written only when read (a listener, a missing or bad roll): the dice of batch
 * playouts are never described.
 */
export function dieReason(reason: string, die = 1, of = 1): string {
  return of > 1 ? `${reason} (die ${die} of ${of})` : reason;
}

/** Where numbers come from: returns 1..sides. `reason`, `die` and `of` make the die's reason (dieReason) when needed. */
interface Source {
  next(sides: number, reason: string, die?: number, of?: number): number;
  /** Given results not drawn yet (list sources); absent: none. */
  left?(): number;
}

class SeededSource implements Source {
  private readonly rng: () => number;
  constructor(seed: string) {
    this.rng = seedrandom.alea(seed);
  }
  next(sides: number): number {
    return 1 + Math.floor(this.rng() * sides);
  }
}

class ListSource implements Source {
  private i = 0;
  constructor(private readonly values: readonly number[]) {}
  left(): number {
    return this.values.length - this.i;
  }
  next(sides: number, reason: string, die?: number, of?: number): number {
    if (this.i >= this.values.length) throw new NeedRoll(sides, dieReason(reason, die, of), this.i);
    const v = this.values[this.i];
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new BadRoll(v, sides, dieReason(reason, die, of), this.i);
    this.i++;
    return v;
  }
}

/**
 * Given results first, then the seed's own draws (a fork of a seeded game with `--dice 6,…`: the
 * record's `rolls` are the draws of the first N choices and the given ones). The seed's generator is
 * drawn for every result, given or not, so once the list is used up the dice go on with the seed's
 * draw of the same number, as the original game would have.
 */
class PrefixSource implements Source {
  private i = 0;
  private readonly seeded: SeededSource;
  constructor(
    private readonly values: readonly number[],
    seed: string,
  ) {
    this.seeded = new SeededSource(seed);
  }
  next(sides: number, reason: string, die?: number, of?: number): number {
    if (this.i >= this.values.length) return this.seeded.next(sides);
    const v = this.values[this.i];
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new BadRoll(v, sides, dieReason(reason, die, of), this.i);
    this.seeded.next(sides);
    this.i++;
    return v;
  }
  left(): number {
    return this.values.length - this.i;
  }
}

/** The engine's dice: a source plus the roll history and an optional listener (the game log). */
export class EngineDice implements Dice {
  /** Every result drawn, in order (kept in records of scripted/prompted games). */
  readonly history: number[] = [];
  /** Called for every draw (the runner logs it), except the draws inside a shuffle. */
  onRoll: ((roll: DieRoll) => void) | null = null;
  /** Called once per shuffle, with its reason, the number of draws it took and what the items are. */
  onShuffle: ((reason: string, items: number, draws: number, what: string) => void) | null = null;

  /** Where shuffles draw from, when not from the main source (prompted dice: nobody types 157 rolls). */
  private shuffleSource: Source | null = null;

  private constructor(private readonly source: Source) {}

  /**
   * Makes shuffles draw from a generator seeded with `seed` instead of the main source: with
   * prompted dice the player rolls the dice and the computer shuffles the cards. Those draws are
   * not kept in `history` (the seed re-derives them).
   */
  shuffleFrom(seed: string): this {
    this.shuffleSource = new SeededSource(seed);
    return this;
  }

  /** Draws taken by shuffles from their own generator (see shuffleFrom). */
  shuffleDraws = 0;

  /** Fast-forwards fresh dice to a position: `count` draws of the main source, `shuffleDraws` of the shuffle generator. */
  advance(count: number, shuffleDraws: number): this {
    const listener = this.onRoll;
    this.onRoll = null;
    for (let i = 0; i < count; i++) this.roll(Number.MAX_SAFE_INTEGER, 'rewind');
    for (let i = 0; i < shuffleDraws; i++) this.shuffleSource?.next(2, 'rewind');
    this.shuffleDraws = shuffleDraws;
    this.onRoll = listener;
    return this;
  }

  /** Dice from a seed string (seedrandom Alea). */
  static seeded(seed: string): EngineDice {
    return new EngineDice(new SeededSource(seed));
  }
  /**
   * Seeded dice whose first draws are `values` (checked against each die: BadRoll), then the seed's
   * draws from the same point on (PrefixSource).
   */
  static seededAfter(seed: string, values: readonly number[]): EngineDice {
    return new EngineDice(new PrefixSource(values, seed));
  }
  /** Dice that replay `values` in order; throws NeedRoll when they run out. */
  static scripted(values: readonly number[]): EngineDice {
    return new EngineDice(new ListSource(values));
  }

  /** Given results not drawn yet (scripted dice, or the given first draws of seededAfter). */
  get left(): number {
    return this.source.left?.() ?? 0;
  }

  /** How many draws so far. */
  get count(): number {
    return this.history.length;
  }

  roll(sides: number, reason: string): number {
    return this.draw(sides, reason, 1, 1);
  }

  rollSum(n: number, sides: number, reason: string): number {
    let sum = 0;
    for (let die = 1; die <= n; die++) sum += this.draw(sides, reason, die, n);
    return sum;
  }

  /** One die: its reason (dieReason) written only for a listener or a missing or bad roll. */
  private draw(sides: number, reason: string, die: number, of: number): number {
    const result = this.source.next(sides, reason, die, of);
    this.history.push(result);
    if (this.onRoll) this.onRoll({ sides, result, reason: dieReason(reason, die, of) });
    return result;
  }

  pick<T>(list: readonly T[], reason: string, name?: (item: T) => string): T {
    if (list.length === 0) throw new Error(`dice.pick: nothing to pick from (${reason})`);
    if (list.length === 1) return list[0];
    try {
      return list[this.roll(list.length, reason) - 1];
    } catch (e) {
      if (e instanceof NeedRoll)
        throw new NeedRoll(
          e.sides,
          e.reason,
          e.index,
          list.map((x) => (name ? name(x) : nameOf(x))),
        );
      throw e;
    }
  }

  shuffle<T>(list: readonly T[], reason: string, what = 'cards'): T[] {
    const out = list.slice();
    const listener = this.onRoll;
    this.onRoll = null; // a shuffle is logged once, not draw by draw
    const before = this.count;
    try {
      for (let i = out.length - 1; i > 0; i--) {
        const j = (this.shuffleSource ? (this.shuffleDraws++, this.shuffleSource.next(i + 1, reason)) : this.roll(i + 1, reason)) - 1;
        const t = out[i];
        out[i] = out[j];
        out[j] = t;
      }
    } finally {
      this.onRoll = listener;
    }
    this.onShuffle?.(reason, out.length, this.shuffleSource ? 0 : this.count - before, what);
    return out;
  }
}

/**
 * Parses `--dice` text: "3,5,1", or (from a file) numbers separated by commas, spaces or lines, with
 * `#` comments. Throws Error on a bad token or an empty entry between commas ("3,,4"); the message
 * names the line only when the text has several.
 */
export function parseRollList(text: string): number[] {
  const out: number[] = [];
  const lines = text.split(/\r?\n/);
  const where = (n: number) => (lines.filter((l) => l.trim()).length > 1 ? `line ${n + 1}: ` : '');
  lines.forEach((line, n) => {
    const body = line.replace(/#.*/, '').trim();
    if (!body) return;
    if (/(^,)|(,\s*,)|(,$)/.test(body)) throw new Error(`${where(n)}an empty entry between commas in "${body}"`);
    for (const tok of body.split(/[\s,]+/).filter(Boolean)) {
      if (!/^\d+$/.test(tok) || Number(tok) < 1) {
        throw new Error(`${where(n)}${quote(tok)} is not a die result (a whole number from 1)`);
      }
      out.push(Number(tok));
    }
  });
  return out;
}

/** A quick independent generator for bots (not game randomness, so it never shifts the game's dice). */
export function botRng(seed: string): () => number {
  return seedrandom.alea(seed);
}

/** FNV-1a of a string: 32 bits. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The generator a bot uses for one decision: derived from the record alone (the game's seed, the
 * deciding side and the decision's number, 1-based), so a bot chooses the same in a game played
 * straight through, resumed, replayed or simulated (architecture.md, "Bots"). It is pure-rand's
 * xoroshiro128+ generator seeded with a 32-bit mix of FNV-1a("<seed>/bot/<side>") and the decision
 * number; each draw is a 53-bit float in [0, 1). A playout asks for one generator per decision, so the
 * generator must be cheap to make: seedrandom's Tyche-i mixes its state for 20 rounds when seeded,
 * about 280 ns and a fifth of an English Civil War playout (`npm run bench`); xoroshiro128+ is made
 * in a few nanoseconds. The game's own dice stay seedrandom's Alea (EngineDice).
 */
export function botRngFor(seed: string, side: string, decision: number): () => number {
  return xoroshiro(decisionSeed(fnv1a(`${seed}/bot/${side}`), decision));
}

/**
 * botRngFor for every decision of one game (`seed`): each side's hash of the seed is made once per
 * game, not once per decision (playouts ask for hundreds of generators a game). The hashes live in
 * the returned function, one game's.
 */
export function botRngsFor(seed: string): (side: string, decision: number) => () => number {
  const sideHashes = new Map<string, number>();
  return (side, decision) => {
    let h = sideHashes.get(side);
    if (h === undefined) sideHashes.set(side, (h = fnv1a(`${seed}/bot/${side}`)));
    return xoroshiro(decisionSeed(h, decision));
  };
}

/** The seed of one decision's generator: a 32-bit mix of the side's hash and the decision number. */
function decisionSeed(sideHash: number, decision: number): number {
  let h = sideHash ^ Math.imul(decision, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** pure-rand's xoroshiro128+ for a 32-bit integer seed, as floats in [0, 1) (53 random bits each). */
function xoroshiro(seed: number): () => number {
  const g = xoroshiro128plus(seed);
  return () => uniformFloat64(g);
}
