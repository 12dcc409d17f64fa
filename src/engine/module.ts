/**
 * The module contract: what every game module gives the engine.
 *
 * A game is a state machine of decisions. A module never asks anyone anything,
 * never touches the terminal and never calls `Math.random`: it says, for a state,
 * who must decide what among which options (`decision`), applies the chosen
 * option (`apply`), rolling dice through the engine's `Dice`, and describes what
 * happened through `env.log`. See ../shared/design/architecture.md.
 */
import type { Dice } from './dice.js';

/** A side of the game, as the rulebook names it ("Irish", "Parliament", "Royalist"). */
export type Side = string;

/** One legal option of a decision. `id` is a stable, human-writable word used in scripts and records. */
export interface ChoiceOption {
  /** Stable id, e.g. `move regular dublin/3-4 cork/5`. Lower-case, no leading/trailing spaces, no newline. */
  id: string;
  /** Text for people. */
  label: string;
  /**
   * The number a person types (or a script writes) to pick this option; by default its 1-based place
   * in `options`. A module gives numbers when a decision is asked again and again as the player builds
   * one action (an attack, a unit added each time), so that a number keeps its option meanwhile and
   * is never given to another (option-numbers.ts). Unique within a decision; records keep ids, never numbers.
   */
  number?: number;
}

/**
 * Who must decide what now, among which options. `options` is never empty. The prompt and the labels
 * may be written only when read (getters: bots, playouts and --json replays never read them). Whoever
 * shows them reads them before the choice is applied: the game loop does, and a session that keeps
 * its log reads a forced step's at once (runner.ts, ForcedStep). Getters that capture the values they
 * need, rather than read the state, stay right whenever they are read.
 */
export interface Decision {
  side: Side;
  /** The rulebook phase the decision belongs to, e.g. "Irish move/recruit phase". */
  phase: string;
  /** The question, in the players' words. */
  prompt: string;
  options: ChoiceOption[];
  /**
   * A simultaneous secret commitment (a declaration, cards laid face down, order cards): at a table
   * every side would commit at once. The module shows nothing of it to the other sides (not in
   * their view, not in the log, not even its size) until its reveal; the engine never echoes it.
   * The sides may still be asked one after the other.
   */
  secret?: boolean;
  /**
   * Why text a person typed matches no option, in the game's words, when the game knows (a cell out
   * of reach this move); undefined otherwise (the menu then says what may be typed). Optional.
   */
  unmatched?(typed: string): string | undefined;
}

/** A documented game option, set with `--option key=value`. */
export interface OptionSpec {
  key: string;
  description: string;
  /** Allowed values; the first entry need not be the default. */
  values: string[];
  default: string;
}

/** Game options after defaults are filled in: every key of the module's optionsSpec is present. */
export type Options = Record<string, string>;

/** The result of a game, for records and statistics. */
export interface Outcome {
  finished: boolean;
  /** The winning side, or null for a draw / no winner; absent while unfinished. */
  winner?: Side | null;
  /** Victory level in the rulebook's words, e.g. "Major Victory (Michael Collins)". */
  level?: string;
  /** Victory points, where the game counts them. */
  points?: number;
  /** Turns played (the rulebook's turn track). */
  turns?: number;
  /** One line for people. */
  summary: string;
  /** Game-specific figures for `simulate` (numbers or short strings only). */
  details?: Record<string, number | string | boolean | null>;
}

/** How the terminal wants things drawn. */
export interface RenderContext {
  color: boolean;
  /** Columns the board may use (at least 80; default 100). A line never exceeds it. */
  width?: number;
  /**
   * Rows the board may use, when the screen is short (an 80x24 terminal leaves about 12): the
   * module draws a compact board or the part that matters. Absent: no limit.
   */
  height?: number;
  /**
   * The same side's view at its previous decision, so the board can mark what changed since
   * (moved, arrived, eliminated, flipped). Absent at the first decision and in transcripts.
   */
  previous?: unknown;
}

/** A table in the game log; the UI draws it (cli-table3). */
export interface LogTable {
  kind: 'table';
  title: string;
  head: string[];
  rows: string[][];
  /** A key under the table: words its cells abbreviate or share, said once rather than on every row. */
  note?: string;
}
/** A line of text in the game log. `tone` lets the UI colour it. */
export interface LogText {
  kind: 'text';
  text: string;
  tone?: 'info' | 'roll' | 'event' | 'combat' | 'phase' | 'warn' | 'good' | 'bad';
  /** The side the text is about, so the UI can colour it by side. */
  side?: Side;
}
export type LogEntry = LogText | LogTable;

/** What `setup` and `apply` receive besides the state. */
export interface GameEnv<R = unknown> {
  dice: Dice;
  /** The validated rules data the game is played with (the same object `setup` received). */
  rules: R;
  /** Adds an entry to the game log (shown to the player, kept in the transcript). */
  log(entry: LogEntry | string): void;
  /** False in batch simulation: modules may skip building costly log text (tables). */
  verbose: boolean;
  /**
   * Says that hidden information has just been revealed (secret declarations or battle cards shown,
   * a hidden hand seen): like a die roll, undo never goes back past this point.
   */
  reveal?: () => void;
  /**
   * The decision the engine computed for the state `apply` is given, when it has it (the very object
   * `decision` returned): `apply` may check the choice against its options instead of computing them
   * again (options are built once per state change). Absent: `apply` computes them. The way back:
   * `apply` may return the decision of the state it leaves (GameModule.apply).
   */
  pending?: Decision;
}

/**
 * A bot: picks one of `decision.options` by id, from what its side may see. A pure function of the
 * view, the decision and `rng`, which the engine derives from the record (seed, side, decision
 * number: dice.ts `botRngFor`), so play, resume, replay and simulate make the same choices.
 */
export type Bot<V = unknown> = {
  // Declared as a method: a bot of a game's own view type is also a bot of the engine's erased one
  // (method parameters are compared both ways), as the registry of games needs (AnyGameModule).
  bot(view: V, decision: Decision, rng: () => number): string;
}['bot'] & {
  /** The bot never reads its view (the random bot): the engine then builds none. */
  ignoresView?: boolean;
};

/** A named reference topic for `muster rules <game> [topic]`. */
export interface RulesTopic {
  name: string;
  title: string;
}

/** A victory level as the rulebook lists it, and the part of the game whose end it is (e.g. "War of Independence"). */
export interface VictoryLevel {
  name: string;
  group?: string;
}

/** Where a state stands on the game's turn track, as the game shows it (`replay --step`'s `t N`). */
export interface TurnMark {
  turn: number;
  /** The part of the game whose turns are counted from 1 again: a short key typed before the number (`t cw 3`) and its name. */
  part?: { key: string; name: string };
}

/** Thrown by `apply` for a choice id that is not among `decision(state).options`. */
export class IllegalChoice extends Error {
  constructor(
    public readonly choice: string,
    public readonly legal: string[],
  ) {
    super(`illegal choice "${choice}"`);
    this.name = 'IllegalChoice';
  }
}

/** Thrown when a rules data file fails validation. `problems` lists each error with its JSON path. */
export class RulesDataError extends Error {
  constructor(
    message: string,
    public readonly problems: string[] = [],
  ) {
    super(message);
    this.name = 'RulesDataError';
  }
}

export interface GameMeta {
  id: string;
  title: string;
  /** One-line description for `muster list`. */
  blurb: string;
  sides: Side[];
  optionsSpec: OptionSpec[];
  /** What the screen's board is called in menus ("map", "table"); default "board". */
  boardName?: string;
  /** Base name of `rules/<name>.json`, `rules/<name>.schema.json` and `rules/<name>.md`. */
  rulesName: string;
  /**
   * Where the rules have one side act first: what "first" means in this game, in one line (e.g. "the
   * side that fires and moves first in turn 1"), for `simulate`'s first-mover advantage and its help;
   * the module's `firstMoverOf` reads the side from a game. Absent where the sides act at once or alone.
   */
  firstMover?: string;
}

/**
 * A game module. `S` is the state (plain JSON data: no classes, functions, Maps or cycles),
 * `R` the validated rules data, `V` a side's view. The rules are passed to every call rather than
 * kept in the state, so states stay small and a record's state hash depends on play, not on data.
 * The engine validates the rules file against `rules/<rulesName>.schema.json` (JSON Schema, ajv)
 * before calling `loadRules`.
 */
export interface GameModule<S = unknown, R = unknown, V = unknown> extends GameMeta {
  /** Checks what a schema cannot (cross-references, counts) and returns the data typed. Throws RulesDataError. */
  loadRules(raw: unknown): R;
  /** Builds the starting state. Throws Error for inconsistent options. */
  setup(rules: R, options: Options, env: GameEnv<R>): S;
  /** The pending decision, or null when the game is over. */
  decision(state: S, rules: R): Decision | null;
  /**
   * Applies a choice (mutating `state`); the rules are `env.rules`. Throws IllegalChoice when `choiceId` is not offered.
   *
   * Returns the decision pending in the state it leaves, when the module has built it anyway (a module
   * that runs the automatic steps and single-option questions itself asks the next question to know
   * whether it has one option or more): then it is exactly what `decision(state, env.rules)` would
   * return for `state` as `apply` leaves it (built last, nothing changed after; null: the game is
   * over), and the engine takes it as the pending decision instead of asking `decision` for it again
   * (options are built once per state change; forced.ts, applyForced). Returns nothing (undefined):
   * the engine asks `decision`. Optional: an `apply` that returns nothing keeps its meaning.
   */
  apply(state: S, choiceId: string, env: GameEnv<R>): Decision | null | void;
  result(state: S, rules: R): Outcome;
  /**
   * The turn a state stands at, numbered as the game shows it, for `replay --step`'s `t N`. Where the
   * turn track starts again (Irish Freedom's Civil War after its War of Independence) it names the
   * part. Absent: `result(state).turns`, on one track.
   */
  turnMark?(state: S, rules: R): TurnMark;
  /**
   * The victory levels in the rulebook's order, best for the players first, each with the part of the
   * game it ends (`group`, e.g. a war) where levels of different parts are not on one scale: for
   * `simulate`'s victory levels. Absent: they are ordered by their games' mean points.
   */
  victoryLevels?(rules: R): VictoryLevel[];
  /** What `side` may see ("all" for the whole state). Never contains another side's secrets. */
  view(state: S, side: Side | 'all', rules: R): V;
  /** The screen: ASCII map, tracks and tables for the view, fitting `ctx.width` (and `ctx.height` when given). */
  render(view: V, ctx: RenderContext): string;
  /**
   * One line for the top of the screen: turn, phase and the game's tracks (morale, Territory
   * Markers, victory points), from what the view shows. At most `width` columns.
   */
  status?(view: V, width: number): string;
  /** Reference topics for `muster rules`. */
  rulesTopics: RulesTopic[];
  /** Renders one reference topic from the rules data. */
  renderRules(rules: R, topic: string, ctx: RenderContext): string;
  /** Short rules help for the decision at hand (the human decider's "rules help"). */
  help(state: S, rules: R): string;
  /** Bots by name ("random", "heuristic"); each plays any side. */
  bots: Record<string, Bot<V>>;
  /** Broken invariants of a state (empty when all hold); used by fuzz tests, `simulate` and `check`. */
  invariants(state: S, rules: R): string[];
  /**
   * The options a state plays by (every key of `optionsSpec`), as `setup` wrote them into it: a
   * position file's "options" are checked against them (src/engine/position.ts), since the rules read
   * the state's copy, never the record's.
   */
  optionsOf?(state: S): Options;
  /**
   * Decisions after which a game is stopped as a runaway (documented in rules/<rulesName>.md, "Step
   * limit"): `play` and `resume` save and stop, `simulate` counts the game as unfinished
   * (src/engine/step-limit.ts). Absent: DEFAULT_STEP_LIMIT there.
   */
  stepLimit?: number;
  /**
   * Why a game that reached its step limit has not ended, naming the rules data that kept it going
   * (e.g. "no Territory Marker can change hands: capitulation.siege is 0 …"). One sentence, no secrets.
   */
  runaway?(state: S, rules: R): string;
  /**
   * For the secrets property test (games with hidden information): a copy of `state` in which
   * everything `side` may not know is changed at random but legally (the other hand redealt from
   * the unseen cards, the deck reordered, unrevealed commitments and hidden stacks changed), drawing
   * from `rng`. `side`'s view, screen and pending prompt must be byte-identical for both states.
   * Absent for games without hidden information.
   */
  perturbHidden?(state: S, side: Side, rules: R, rng: () => number): S;
  /**
   * For `muster odds`: the facts of one outcome of a choice, in players' words, each "what: how"
   * (e.g. "Green Guerrilla u16 (Kerry 3-4): eliminated"), so that outcomes differing only in detail
   * (where a unit retreated to) add up. `before` is the state the choice was made in. Optional.
   */
  outcomeFacts?(before: S, after: S, rules: R): string[];
  /**
   * For `simulate`'s decisiveness: each side's standing now, in the game's own measure (Territory
   * Markers held, victory points if the game ended now), higher is better: the side with the highest
   * score leads (a tie: nobody). Read after every decision of a simulated game, so it must be cheap and
   * must not change the state. Optional; games of one side have no leader and need none.
   */
  score?(state: S, rules: R): Record<Side, number>;
  /**
   * For `simulate`'s first-mover advantage (with `firstMover`, what "first" means): the side that acts
   * first in a game, read from the state its first decision is asked in. Absent where none does.
   */
  firstMoverOf?(state: S, rules: R): Side | null;
}

/**
 * Any game module, its state, rules and view types forgotten (the registry's games, the commands
 * that serve every game): to the engine they are `unknown`, handed from one of the module's own
 * functions to another (a view from `view` to `render` and to the module's bots), never read.
 */
export type AnyGameModule = GameModule<unknown, unknown, unknown>;
