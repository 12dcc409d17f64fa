/**
 * The runner: one game in progress, driven through the module contract.
 *
 * A `Session` owns the state, the dice, the list of choices and the log. Everything else —
 * interactive play, scripts, bots, save/resume, undo, replay — is built from `start`, `choose`
 * and `fromRecord`.
 */
import { EngineDice, NeedRoll, type DiceMode, type DieRoll } from './dice.js';
import { makeEnv } from './env.js';
import { applyForced } from './forced.js';
import type { Decision, GameEnv, GameModule, LogEntry, Options, Outcome, RenderContext, AnyGameModule } from './module.js';
import { IllegalChoice } from './module.js';
import { RECORD_FORMAT, RecordError, stateHash, type GameRecord, type PlayerKind } from './record.js';
import { quote } from './quote.js';

/** A log entry with the number of the choice that produced it (0 = set-up, k = the k-th choice). */
export interface Logged {
  at: number;
  entry: LogEntry;
}

/**
 * A forced decision: one with a single legal option (a card window where the side holds nothing it
 * may play, a declaration the rules dictate). The engine applies it at once and does not record it
 * as a choice; the play loop still shows it (in hot-seat it hands the keyboard over, so whether a
 * side had a real choice stays secret: architecture.md, "Secrets").
 */
export interface Forced {
  /** Choices made before it. */
  at: number;
  side: string;
  phase: string;
  prompt: string;
  id: string;
  label: string;
  /** Index in the session log of the first entry the forced step produced (what came before it is its prelude). */
  logAt: number;
}

/**
 * A forced step as the session keeps it. A session that keeps its log (someone may show the step: a
 * game at the screen, a transcript) reads the prompt and label at once, from the state they were
 * asked in; one that keeps none (playouts, --json replays, odds) reads them only if asked, relying on
 * the contract that a decision's prompt and labels describe their own state (module.ts, Decision).
 */
class ForcedStep implements Forced {
  readonly side: string;
  readonly phase: string;
  readonly id: string;
  readonly #decision: Decision;
  #prompt: string | undefined;
  #label: string | undefined;
  constructor(
    readonly at: number,
    decision: Decision,
    readonly logAt: number,
    readNow: boolean,
  ) {
    this.#decision = decision;
    this.side = decision.side;
    this.phase = decision.phase;
    this.id = decision.options[0].id;
    if (readNow) {
      this.#prompt = decision.prompt;
      this.#label = decision.options[0].label;
    }
  }
  get prompt(): string {
    return (this.#prompt ??= this.#decision.prompt);
  }
  get label(): string {
    return (this.#label ??= this.#decision.options[0].label);
  }
}

export interface SessionConfig {
  seed: string;
  /** Options as given; unknown keys or values throw UsageError. Defaults are filled in. */
  options?: Record<string, string>;
  dice?: DiceMode;
  /**
   * Rolls for scripted/prompted dice (the list grows as a prompted player types). With seeded dice:
   * the first draws, given (a fork's `--dice`), the seed's draws going on after them (EngineDice.seededAfter).
   */
  rolls?: number[];
  rulesHash: string;
  players?: Record<string, PlayerKind>;
  /** Called for every new log entry as it happens (the live transcript). */
  onLog?: (l: Logged) => void;
  /** Keep the log (default true). Batch simulation turns it off for speed. */
  keepLog?: boolean;
  /** Start from this state instead of the set-up (a position: src/engine/position.ts). */
  start?: unknown;
}

/** A bad option, seed or other usage error (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Fills option defaults and checks every key and value against the module's spec. Throws UsageError. */
export function resolveOptions(mod: AnyGameModule, given: Record<string, string> = {}): Options {
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
export class Session<S = unknown> {
  state!: S;
  readonly choices: string[] = [];
  /** The side that made each choice. */
  readonly madeBy: string[] = [];
  readonly log: Logged[] = [];
  /** Forced decisions applied by the engine (see Forced), in order. */
  readonly forced: Forced[] = [];
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
    readonly mod: GameModule<S, unknown, unknown>,
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
    if (this.diceMode === 'seeded')
      return this.rolls.length ? EngineDice.seededAfter(this.config.seed, this.rolls) : EngineDice.seeded(this.config.seed);
    const d = EngineDice.scripted(this.rolls);
    return this.diceMode === 'prompted' ? d.shuffleFrom(`${this.config.seed}/shuffle`) : d;
  }

  private newEnv(): GameEnv {
    const keep = this.config.keepLog !== false;
    const sink = keep || this.config.onLog ? (entry: LogEntry) => this.push(entry) : undefined;
    if (sink) {
      const given = this.diceMode === 'seeded' ? this.rolls.length : 0;
      this.dice.onRoll = (r) => {
        // Seeded dice after given first draws: say where the seed takes over.
        if (given && this.dice.count === given + 1)
          sink({ kind: 'text', text: `The given dice are used up: from draw #${given + 1} on, the seed's dice.`, tone: 'info' });
        sink({ kind: 'text', text: rollText(r), tone: 'roll' });
      };
      // The shuffle in words: a line of its own, not a die roll.
      const how = (draws: number) =>
        this.diceMode === 'scripted'
          ? `with ${draws} of the scripted rolls`
          : this.diceMode === 'prompted' || !draws
            ? 'by the computer, from the seed'
            : 'with the seeded dice';
      this.dice.onShuffle = (reason, items, draws, what) =>
        sink({ kind: 'text', text: `${reason}: the ${items} ${what} are shuffled ${how(draws)}.`, tone: 'info' });
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
      this.state =
        this.config.start !== undefined ? (structuredClone(this.config.start) as S) : this.mod.setup(this.rules, this.options, this.env);
      this.settle();
    } catch (e) {
      this.forced.length = 0;
      this.pendingDecision = undefined;
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
    this.isStarted = true;
    return this;
  }

  private isStarted = false;
  /** Whether the game is set up (`start` succeeded): until then there is no state, only the rolls given. */
  get started(): boolean {
    return this.isStarted;
  }

  /** The decision pending, computed once per change of state (see settle). */
  private pendingDecision: Decision | null | undefined;

  /** The pending decision (always one with two or more options), or null when the game is over. */
  decision(): Decision | null {
    if (this.pendingDecision === undefined) this.pendingDecision = this.mod.decision(this.state, this.rules);
    return this.pendingDecision;
  }

  /**
   * Applies forced decisions (a single legal option) until a real one is pending or the game is over.
   * `handed`: what the module's `apply` returned for the state as it stands (GameModule.apply).
   */
  private settle(handed?: Decision | null | void): void {
    this.pendingDecision = undefined;
    this.pendingDecision = applyForced(
      this.mod,
      this.state,
      this.env,
      (d) => {
        this.forced.push(new ForcedStep(this.choices.length, d, this.log.length + this.pending.length, this.config.keepLog !== false));
      },
      handed,
    );
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
    if (!d.options.some((o) => o.id === id))
      throw new IllegalChoice(
        id,
        d.options.map((o) => o.id),
      );
    // Dice from a list (or seeded dice with given first draws left) are rewound when a choice fails.
    const listDice = this.diceMode !== 'seeded' || this.dice.left > 0;
    const snapshot = listDice ? structuredClone(this.state) : undefined;
    const before = this.dice.count;
    const shufflesBefore = this.dice.shuffleDraws;
    const revealsBefore = this.reveals;
    const forcedBefore = this.forced.length;
    try {
      this.env.pending = d;
      const next = this.mod.apply(this.state, id, this.env);
      this.env.pending = undefined;
      this.choices.push(id); // settle's forced steps count the choice just made
      this.settle(next);
    } catch (e) {
      this.env.pending = undefined;
      if (this.choices.length > this.madeBy.length) this.choices.pop();
      this.forced.length = forcedBefore;
      this.pendingDecision = undefined;
      this.interrupt(e);
      this.reveals = revealsBefore;
      if (listDice && snapshot !== undefined) {
        this.state = snapshot;
        this.rewindDice(before, shufflesBefore);
      }
      throw e;
    }
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

  /** Every die result drawn so far, in order (shuffles' draws included, except prompted dice's computer shuffles). */
  drawnRolls(): number[] {
    return this.dice.history.slice();
  }

  /**
   * Whether `side` may take back its latest decision (architecture.md, "Undo"): only its own, only when
   * no other side has decided since, and only when no die was rolled and nothing was revealed since
   * (style.md, after Rally the Troops) — by the choice itself or the forced steps after it.
   */
  canUndo(side: string): boolean {
    const n = this.choices.length;
    return n > 0 && this.madeBy[n - 1] === side && this.diceAt[n - 1] === this.diceAt[n];
  }

  /** The record of the game so far (with result and state hash once it is over). */
  toRecord(): GameRecord {
    // A set-up stopped for want of dice (a prompted one interrupted, scripted ones run out): no
    // choice yet, and every roll given, to be used again when the set-up is run again.
    const unstarted = !this.isStarted;
    const rec: GameRecord = {
      format: RECORD_FORMAT,
      game: this.mod.id,
      rulesHash: this.config.rulesHash,
      seed: this.config.seed,
      options: this.options,
      dice: this.diceMode,
      // Scripted games keep every roll given (the next ones follow them); prompted games the rolls used.
      ...(this.diceMode === 'scripted' || (this.diceMode === 'seeded' && this.rolls.length) ? { rolls: this.rolls.slice() } : {}),
      ...(this.diceMode === 'prompted' ? { rolls: this.rolls.slice(0, unstarted ? this.rolls.length : this.dice.count) } : {}),
      ...(this.config.players ? { players: this.config.players } : {}),
      ...(this.config.start !== undefined ? { start: this.config.start } : {}),
      choices: this.choices.slice(),
    };
    if (!unstarted && this.decision() === null) {
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
    mod: GameModule<S, unknown, unknown>,
    rules: unknown,
    record: GameRecord,
    opts: {
      upTo?: number;
      onLog?: (l: Logged) => void;
      keepLog?: boolean;
      rulesHash?: string;
      /**
       * A record saved during its set-up (no choice, its dice run out or a prompted roll not yet typed)
       * comes back not started (`started` false: the caller starts it, asking for or given more dice).
       * Without it such a record is refused (RecordError).
       */
      unstarted?: boolean;
      /**
       * Who reads the messages (`replay --side`): a choice the record gets wrong is reported with the
       * legal options only when this side may see them (its own decision, or "all", the default);
       * another side's options can name its hidden cards.
       */
      viewer?: string;
    } = {},
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
      start: record.start,
      onLog: opts.onLog,
      keepLog: opts.keepLog,
    });
    try {
      s.start();
    } catch (e) {
      if (e instanceof NeedRoll && record.dice !== 'seeded' && record.choices.length === 0) {
        if (opts.unstarted) return s;
        throw new RecordError(`the record stops during the set-up: ${e.message} (continue it with resume and more dice)`);
      }
      throw e;
    }
    const n = opts.upTo === undefined ? record.choices.length : Math.min(opts.upTo, record.choices.length);
    for (let i = 0; i < n; i++) {
      try {
        s.choose(record.choices[i]);
      } catch (e) {
        if (e instanceof IllegalChoice) throw new RecordError(illegalInRecord(i, record.choices[i], s.decision(), e.legal, opts.viewer));
        if (e instanceof NeedRoll && record.dice !== 'seeded') {
          throw new RecordError(`the record's dice ran out at choice ${i + 1}: ${e.message}`);
        }
        throw e;
      }
    }
    return s;
  }

  /**
   * The state when choice `k` (from 0) was asked: the record replayed up to it (what the board showed
   * the side deciding then, for the marks of what changed since: RenderContext.previous).
   */
  stateAt(k: number): S {
    const rec = this.toRecord();
    if (this.diceMode !== 'seeded') rec.rolls = this.rolls.slice();
    return Session.fromRecord(this.mod, this.rules, rec, { upTo: k, keepLog: false, rulesHash: this.config.rulesHash }).state;
  }

  /**
   * A copy without `side`'s latest decision (the record replayed up to it). Throws Error when the
   * undo rule forbids it (see canUndo).
   */
  undo(side: string): Session<S> {
    if (!this.canUndo(side)) {
      throw new Error(
        this.madeBy[this.choices.length - 1] !== side
          ? 'cannot undo: the last decision is not yours'
          : 'cannot undo past a die roll already shown or a secret revealed',
      );
    }
    const rec = this.toRecord();
    if (this.diceMode !== 'seeded') rec.rolls = this.rolls.slice();
    return Session.fromRecord(this.mod, this.rules, rec, {
      upTo: this.choices.length - 1,
      keepLog: this.config.keepLog,
      rulesHash: this.config.rulesHash,
    });
  }
}

/**
 * The message for a record's choice that is not legal: choice `i` (from 0) was `choice`, where `d` was
 * pending with `legal` options. The legal options are named only to a `viewer` who may see them (the
 * deciding side's own, or "all"/undefined): another side's options can name its hidden cards.
 */
export function illegalInRecord(i: number, choice: string, d: Decision | null, legal: string[], viewer?: string): string {
  const head = `choice ${i + 1} ${quote(choice)} is not legal at that point`;
  // The usual cause: the record was edited (its seed or options change every die and so every question).
  const hint = ' (a record replays only with the seed, options and rules it was played with: was one of them changed?)';
  if (!d) return `${head}; the game is over${hint}`;
  if (viewer !== undefined && viewer !== 'all' && viewer !== d.side) return `${head} (${d.side} decides, in ${d.phase})${hint}`;
  return `${head}; legal: ${legal.join(' | ')}${hint}`;
}
