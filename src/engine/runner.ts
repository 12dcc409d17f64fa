/**
 * The runner: one game in progress, driven through the module contract.
 *
 * A `Session` owns the state, the dice, the list of choices and the log. Everything else —
 * interactive play, scripts, bots, save/resume, undo, replay — is built from `start`, `choose`
 * and `fromRecord`.
 */
import { EngineDice, NeedRoll, type DiceMode, type DieRoll } from './dice.js';
import { makeEnv } from './env.js';
import type { Decision, GameEnv, GameModule, LogEntry, Options, Outcome, RenderContext } from './module.js';
import { IllegalChoice } from './module.js';
import { RECORD_FORMAT, RecordError, stateHash, type GameRecord, type PlayerKind } from './record.js';
import { quote } from './quote.js';

/** A log entry with the number of the choice that produced it (0 = set-up, k = the k-th choice). */
export interface Logged {
  at: number;
  entry: LogEntry;
}

export interface SessionConfig {
  seed: string;
  /** Options as given; unknown keys or values throw UsageError. Defaults are filled in. */
  options?: Record<string, string>;
  dice?: DiceMode;
  /** Rolls for scripted/prompted dice (the list grows as a prompted player types). */
  rolls?: number[];
  rulesHash: string;
  players?: Record<string, PlayerKind>;
  /** Called for every new log entry as it happens (the live transcript). */
  onLog?: (l: Logged) => void;
  /** Keep the log (default true). Batch simulation turns it off for speed. */
  keepLog?: boolean;
}

/** A bad option, seed or other usage error (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Fills option defaults and checks every key and value against the module's spec. Throws UsageError. */
export function resolveOptions(mod: GameModule<any, any, any>, given: Record<string, string> = {}): Options {
  const out: Options = {};
  for (const spec of mod.optionsSpec) out[spec.key] = spec.default;
  for (const [k, v] of Object.entries(given)) {
    const spec = mod.optionsSpec.find((s) => s.key === k);
    if (!spec) {
      const keys = mod.optionsSpec.map((s) => s.key).join(', ') || '(none)';
      throw new UsageError(`${mod.id} has no option ${quote(k)}; its options are: ${keys}`);
    }
    if (!spec.values.includes(v)) throw new UsageError(`option ${k} must be one of ${spec.values.join('|')}, not ${quote(v)}`);
    out[k] = v;
  }
  return out;
}

/** Formats a die roll for the log: "D6 = 4  (British move phase: Region)". */
export function rollText(r: DieRoll): string {
  return `D${r.sides} = ${r.result}  (${r.reason})`;
}

/** One game in progress. */
export class Session<S = any> {
  state!: S;
  readonly choices: string[] = [];
  /** The side that made each choice. */
  readonly madeBy: string[] = [];
  readonly log: Logged[] = [];
  readonly options: Options;
  readonly diceMode: DiceMode;
  readonly rolls: number[];
  /**
   * Undo barriers (dice drawn + secrets revealed) after set-up and after each choice:
   * `diceAt[k]` = barriers after k choices. Both counts only grow, so equal sums mean neither moved.
   */
  private readonly diceAt: number[] = [];
  /** Times the module revealed hidden information (env.reveal). */
  private reveals = 0;
  private dice: EngineDice;
  private env: GameEnv;

  constructor(
    readonly mod: GameModule<S, any, any>,
    readonly rules: unknown,
    readonly config: SessionConfig,
  ) {
    this.options = resolveOptions(mod, config.options);
    this.diceMode = config.dice ?? 'seeded';
    this.rolls = config.rolls ?? [];
    this.dice = this.newDice();
    this.env = this.newEnv();
  }

  private newDice(): EngineDice {
    if (this.diceMode === 'seeded') return EngineDice.seeded(this.config.seed);
    const d = EngineDice.scripted(this.rolls);
    return this.diceMode === 'prompted' ? d.shuffleFrom(`${this.config.seed}/shuffle`) : d;
  }

  private newEnv(): GameEnv {
    const keep = this.config.keepLog !== false;
    const sink = keep || this.config.onLog ? (entry: LogEntry) => this.push(entry) : undefined;
    if (sink) {
      this.dice.onRoll = (r) => sink({ kind: 'text', text: rollText(r), tone: 'roll' });
      this.dice.onShuffle = (reason, items, draws) =>
        sink({ kind: 'text', text: `${reason}: ${items} cards shuffled (${draws ? `${draws} rolls` : 'by the computer, from the seed'})`, tone: 'roll' });
    }
    return { ...makeEnv(this.dice, sink, sink !== undefined, this.rules), reveal: () => void this.reveals++ };
  }

  /** Entries of the set-up or choice being applied: published only once it succeeds. */
  private pending: Logged[] = [];
  /** Entries of an apply interrupted by a missing prompted roll, and how many of them were shown. */
  private interrupted: Logged[] = [];
  private previewShown = 0;

  /**
   * The entries of an apply that stopped for a prompted die roll, not yet shown: the caller prints
   * them before asking for the roll, and they are not printed again when the apply is retried
   * (it reproduces them exactly), so the transcript reads in order.
   */
  previewInterrupted(): Logged[] {
    const out = this.interrupted.slice(this.previewShown);
    this.previewShown = this.interrupted.length;
    return out;
  }

  private push(entry: LogEntry): void {
    this.pending.push({ at: this.choices.length, entry });
  }

  private flush(): void {
    const keep = this.config.keepLog !== false;
    this.pending.forEach((l, i) => {
      l.at = this.choices.length;
      if (keep) this.log.push(l);
      if (i >= this.previewShown) this.config.onLog?.(l);
    });
    this.pending = [];
    this.interrupted = [];
    this.previewShown = 0;
  }

  /** Keeps the entries of an apply that needs a prompted roll (see previewInterrupted). */
  private interrupt(e: unknown): void {
    if (e instanceof NeedRoll) this.interrupted = this.pending;
    this.pending = [];
  }

  /** Sets the game up. Throws NeedRoll when prompted dice must be typed (call again after adding rolls). */
  start(): this {
    try {
      this.state = this.mod.setup(this.rules, this.options, this.env);
    } catch (e) {
      this.interrupt(e);
      this.reveals = 0;
      if (e instanceof NeedRoll) {
        this.dice = this.newDice();
        this.env = this.newEnv();
      }
      throw e;
    }
    this.diceAt.push(this.dice.count + this.reveals);
    this.flush();
    return this;
  }

  decision(): Decision | null {
    return this.mod.decision(this.state, this.rules);
  }

  /** What `side` may see now ("all": everything). */
  view(side: string): unknown {
    return this.mod.view(this.state, side, this.rules);
  }

  /** The screen for `side`. */
  render(side: string, ctx: RenderContext): string {
    return this.mod.render(this.view(side), ctx);
  }

  /** Rules help for the decision at hand. */
  help(): string {
    return this.mod.help(this.state, this.rules);
  }

  result(): Outcome {
    return this.mod.result(this.state, this.rules);
  }

  /**
   * Applies a choice. Throws IllegalChoice (nothing changes), NeedRoll (prompted/scripted dice
   * ran out: the state is restored, so the same choice can be made again once the roll is added),
   * or BadRoll.
   */
  choose(id: string): void {
    const d = this.decision();
    if (!d) throw new IllegalChoice(id, []);
    if (!d.options.some((o) => o.id === id)) throw new IllegalChoice(id, d.options.map((o) => o.id));
    const listDice = this.diceMode !== 'seeded';
    const snapshot = listDice ? structuredClone(this.state) : undefined;
    const before = this.dice.count;
    const shufflesBefore = this.dice.shuffleDraws;
    const revealsBefore = this.reveals;
    try {
      this.mod.apply(this.state, id, this.env);
    } catch (e) {
      this.interrupt(e);
      this.reveals = revealsBefore;
      if (listDice && snapshot !== undefined) {
        this.state = snapshot;
        this.rewindDice(before, shufflesBefore);
      }
      throw e;
    }
    this.choices.push(id);
    this.madeBy.push(d.side);
    this.diceAt.push(this.dice.count + this.reveals);
    this.flush();
  }

  /** Rebuilds list dice positioned after `count` draws (and `shuffleDraws` shuffle draws). */
  private rewindDice(count: number, shuffleDraws: number): void {
    const { onRoll, onShuffle } = this.dice;
    this.dice = this.newDice().advance(count, shuffleDraws);
    this.dice.onRoll = onRoll;
    this.dice.onShuffle = onShuffle;
    this.env = { ...this.env, dice: this.dice };
  }

  /** Number of die results drawn so far. */
  get drawn(): number {
    return this.dice.count;
  }

  /**
   * How many of the latest choices can be taken back: undo never goes past a die roll the player
   * has seen or a secret revealed (style.md, Rally the Troops), so it stops at the last choice that
   * rolled or revealed.
   */
  undoable(): number {
    let k = this.choices.length;
    const now = this.diceAt[k];
    while (k > 0 && this.diceAt[k - 1] === now) k--;
    return this.choices.length - k;
  }

  /** The record of the game so far (with result and state hash once it is over). */
  toRecord(): GameRecord {
    const rec: GameRecord = {
      format: RECORD_FORMAT,
      game: this.mod.id,
      rulesHash: this.config.rulesHash,
      seed: this.config.seed,
      options: this.options,
      dice: this.diceMode,
      // Scripted games keep every roll given (the next ones follow them); prompted games the rolls used.
      ...(this.diceMode === 'scripted' ? { rolls: this.rolls.slice() } : {}),
      ...(this.diceMode === 'prompted' ? { rolls: this.rolls.slice(0, this.dice.count) } : {}),
      ...(this.config.players ? { players: this.config.players } : {}),
      choices: this.choices.slice(),
    };
    if (this.decision() === null) {
      rec.result = this.result();
      rec.stateHash = stateHash(this.state);
    }
    return rec;
  }

  /**
   * Re-runs a record's choices (all, or the first `upTo`). Throws RecordError when the record is for
   * another game or a choice is no longer legal (naming its number and the legal options).
   */
  static fromRecord<S>(
    mod: GameModule<S, any, any>,
    rules: unknown,
    record: GameRecord,
    opts: { upTo?: number; onLog?: (l: Logged) => void; keepLog?: boolean; rulesHash?: string } = {},
  ): Session<S> {
    if (record.game !== mod.id) throw new RecordError(`the record is a game of ${quote(record.game)}, not ${mod.id}`);
    // The record's options are checked against the game here: a bad one names the record's field.
    try {
      resolveOptions(mod, record.options);
    } catch (e) {
      if (e instanceof UsageError) throw new RecordError(`the record's "options": ${e.message}`);
      throw e;
    }
    const s = new Session<S>(mod, rules, {
      seed: record.seed,
      options: record.options,
      dice: record.dice,
      rolls: record.rolls ? record.rolls.slice() : undefined,
      rulesHash: opts.rulesHash ?? record.rulesHash,
      players: record.players,
      onLog: opts.onLog,
      keepLog: opts.keepLog,
    });
    s.start();
    const n = opts.upTo === undefined ? record.choices.length : Math.min(opts.upTo, record.choices.length);
    for (let i = 0; i < n; i++) {
      try {
        s.choose(record.choices[i]);
      } catch (e) {
        if (e instanceof IllegalChoice) {
          throw new RecordError(
            `choice ${i + 1} ${quote(record.choices[i])} is not legal at that point; legal: ${e.legal.join(' | ') || '(game over)'}`,
          );
        }
        if (e instanceof NeedRoll && record.dice !== 'seeded') {
          throw new RecordError(`the record's dice ran out at choice ${i + 1}: ${e.message}`);
        }
        throw e;
      }
    }
    return s;
  }

  /** A copy rewound by `n` choices (replaying the rest). Throws Error when that would cross a die roll. */
  undo(n = 1): Session<S> {
    if (n > this.undoable()) throw new Error('cannot undo past a die roll already shown or a secret revealed');
    const rec = this.toRecord();
    const keep = this.choices.length - n;
    if (this.diceMode !== 'seeded') rec.rolls = this.rolls.slice();
    return Session.fromRecord(this.mod, this.rules, rec, {
      upTo: keep,
      keepLog: this.config.keepLog,
      rulesHash: this.config.rulesHash,
    });
  }
}
