/**
 * A/B comparison of two arms of a game (options, rules files or bots) on the same seeds: every figure
 * for A and B, the paired difference B − A with its 95 % interval, and whether the difference is beyond
 * noise (its interval excludes 0). Shares carry Wilson intervals per arm. Each figure is a small named
 * function of a finished game, with its definition (style.md, after Ludii's metrics).
 *
 * The games are not kept: each pair of games (A and B on one seed) is added to running sums
 * (CompareTally), so memory does not grow with the number of games, and chunks of games played on
 * other threads (sim-pool.ts) merge in game order into the same sums as one thread's.
 */
import type { AnyGameModule, Options, Outcome, Side, VictoryLevel } from './module.js';
import { playout } from './playout.js';
import type { Failure } from './sim-run.js';
import { meanIntervalOfSums, wilson, type Interval } from './stats.js';

/** One finished game of an arm: its outcome and how many decisions it took. */
export interface Game {
  outcome: Outcome;
  decisions: number;
}

/** A figure read off one game: a number, or undefined when the game does not report it. */
export interface Figure {
  name: string;
  /** Its key in a CompareTally. */
  key: string;
  /** "share": 0/1 per game (a percentage); "mean": a count or score. */
  kind: 'share' | 'mean';
  definition: string;
  of(g: Game): number | undefined;
}

/**
 * The figures every game has: wins per side, draws, each victory level (in the rulebook's order where
 * the module lists them, `listed`: GameModule.victoryLevels; the others after, alphabetically), turns,
 * points, decisions, details.
 */
export function figures(sides: readonly string[], games: Game[], listed: readonly VictoryLevel[] = []): Figure[] {
  const levels = new Set<string>();
  for (const g of games) if (g.outcome.level) levels.add(g.outcome.level);
  const details = new Map<string, 'number' | 'boolean'>();
  for (const g of games)
    for (const [k, v] of Object.entries(g.outcome.details ?? {}))
      if (typeof v === 'number' || typeof v === 'boolean') details.set(k, typeof v as 'number' | 'boolean');
  return figureList(sides, levels, details, listed);
}

/** The figures of games that reached `levels` and reported `details` (each with its type, as the last game gave it). */
function figureList(
  sides: readonly string[],
  levels: Iterable<string>,
  details: Map<string, 'number' | 'boolean'>,
  listed: readonly VictoryLevel[],
): Figure[] {
  const out: Figure[] = [];
  const solo = sides.length === 1;
  for (const side of sides) {
    out.push({
      name: `${side} wins`,
      key: `win:${side}`,
      kind: 'share',
      definition: `share of games ${side} won`,
      of: (g) => (g.outcome.winner === side ? 1 : 0),
    });
  }
  if (!solo)
    out.push({
      name: 'draws',
      key: 'draws',
      kind: 'share',
      definition: 'share of finished games without a winner',
      of: (g) => (g.outcome.finished && !g.outcome.winner ? 1 : 0),
    });
  const rank = (v: string) => {
    const i = listed.findIndex((l) => l.name === v);
    return i < 0 ? listed.length : i;
  };
  for (const level of [...levels].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y))) {
    out.push({
      name: `level: ${level}`,
      key: `level:${level}`,
      kind: 'share',
      definition: `share of games ending "${level}"`,
      of: (g) => (g.outcome.level === level ? 1 : 0),
    });
  }
  out.push({ name: 'turns', key: 'turns', kind: 'mean', definition: 'turns played (the turn track)', of: (g) => g.outcome.turns });
  out.push({
    name: 'points',
    key: 'points',
    kind: 'mean',
    definition: 'victory points, where the game counts them',
    of: (g) => g.outcome.points,
  });
  out.push({
    name: 'decisions',
    key: 'decisions',
    kind: 'mean',
    definition: 'decisions made (forced ones not counted)',
    of: (g) => g.decisions,
  });
  for (const [k, t] of [...details].sort()) {
    out.push({
      name: k,
      key: `detail:${k}`,
      kind: t === 'boolean' ? 'share' : 'mean',
      definition: `the game's own figure "${k}"`,
      of: (g) => {
        const v = g.outcome.details?.[k];
        return typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : undefined;
      },
    });
  }
  return out;
}

/** One figure compared. */
export interface Row {
  figure: string;
  kind: Figure['kind'];
  definition: string;
  a: { value: number; interval: Interval } | null;
  b: { value: number; interval: Interval } | null;
  /**
   * Mean of the paired differences B − A over the seeds where both arms report the figure (`pairs`
   * of them), with its 95 % interval: not B's mean minus A's when some games do not report it.
   */
  difference: { value: number; interval: Interval; pairs: number } | null;
  /** The interval of the difference excludes 0. */
  beyondNoise: boolean;
}

/** Running sums of a figure's values: how many, their sum, the sum of their squares, the least and the greatest. */
interface Sums {
  n: number;
  sum: number;
  sum2: number;
  min: number;
  max: number;
}

/**
 * Two arms' games added up pair by pair (plain data: it comes back from the worker threads). Keys are
 * Figure.key. A victory level is a figure of every game (0 in a game that ended otherwise), so its
 * sums hold only the games that reached it and its count is `games`.
 */
export interface CompareTally {
  /** Pairs of games (A and B on one seed) added. */
  games: number;
  a: Record<string, Sums>;
  b: Record<string, Sums>;
  /** The per-seed differences B − A, where both games report the figure. */
  diff: Record<string, Sums>;
  /** Each detail's type as the latest game of each arm reported it (figures() takes B's over A's). */
  detailTypes: { a: Record<string, 'number' | 'boolean'>; b: Record<string, 'number' | 'boolean'> };
}

export function newCompareTally(): CompareTally {
  return { games: 0, a: {}, b: {}, diff: {}, detailTypes: { a: {}, b: {} } };
}

function add(to: Record<string, Sums>, key: string, x: number): void {
  const s = Object.hasOwn(to, key) ? to[key] : (to[key] = { n: 0, sum: 0, sum2: 0, min: Infinity, max: -Infinity });
  s.n++;
  s.sum += x;
  s.sum2 += x * x;
  if (x < s.min) s.min = x;
  if (x > s.max) s.max = x;
}

/** The figures one game reports, by Figure.key (a victory level only where it is the game's). */
function valuesOf(sides: readonly string[], g: Game, types: Record<string, 'number' | 'boolean'>): Map<string, number> {
  const v = new Map<string, number>();
  for (const side of sides) v.set(`win:${side}`, g.outcome.winner === side ? 1 : 0);
  if (sides.length > 1) v.set('draws', g.outcome.finished && !g.outcome.winner ? 1 : 0);
  if (g.outcome.level) v.set(`level:${g.outcome.level}`, 1);
  if (g.outcome.turns !== undefined) v.set('turns', g.outcome.turns);
  if (g.outcome.points !== undefined) v.set('points', g.outcome.points);
  v.set('decisions', g.decisions);
  for (const [k, x] of Object.entries(g.outcome.details ?? {})) {
    if (typeof x !== 'number' && typeof x !== 'boolean') continue;
    v.set(`detail:${k}`, Number(x));
    types[k] = typeof x as 'number' | 'boolean';
  }
  return v;
}

/** Adds the games of A and B played on one seed. */
export function addPair(t: CompareTally, sides: readonly string[], a: Game, b: Game): void {
  const va = valuesOf(sides, a, t.detailTypes.a);
  const vb = valuesOf(sides, b, t.detailTypes.b);
  for (const [k, x] of va) add(t.a, k, x);
  for (const [k, y] of vb) add(t.b, k, y);
  for (const k of new Set([...va.keys(), ...vb.keys()])) {
    if (k.startsWith('level:')) {
      const d = (vb.get(k) ?? 0) - (va.get(k) ?? 0);
      if (d !== 0) add(t.diff, k, d);
    } else if (va.has(k) && vb.has(k)) add(t.diff, k, vb.get(k)! - va.get(k)!);
  }
  t.games++;
}

/** Adds `part` (the next games in seed order) to `into`. */
export function mergeCompareTally(into: CompareTally, part: CompareTally): void {
  into.games += part.games;
  for (const arm of ['a', 'b', 'diff'] as const) {
    for (const [k, s] of Object.entries(part[arm])) {
      if (!Object.hasOwn(into[arm], k)) {
        into[arm][k] = { ...s };
        continue;
      }
      const t = into[arm][k];
      t.n += s.n;
      t.sum += s.sum;
      t.sum2 += s.sum2;
      t.min = Math.min(t.min, s.min);
      t.max = Math.max(t.max, s.max);
    }
  }
  Object.assign(into.detailTypes.a, part.detailTypes.a);
  Object.assign(into.detailTypes.b, part.detailTypes.b);
}

/** CompareTally for the pool (sim-pool.ts). */
export const COMPARE_TALLIES = { empty: newCompareTally, merge: mergeCompareTally, games: (t: CompareTally) => t.games };

function armOf(f: Figure, s: Sums | undefined, games: number) {
  const level = f.key.startsWith('level:');
  const n = level ? games : (s?.n ?? 0);
  if (!n) return null;
  const sum = s?.sum ?? 0;
  if (f.kind === 'share') return { value: sum / n, interval: wilson(sum, n) };
  // A mean lies between the values seen: its normal interval is clamped to them (surrenderTurn's
  // "7.04 to 10.96" went past the last turn, 10).
  const m = meanIntervalOfSums(n, sum, s!.sum2)!;
  return { value: m.mean, interval: { low: Math.max(s!.min, m.interval.low), high: Math.min(s!.max, m.interval.high) } };
}

/** The rows of a comparison from its tally; `listed` orders the victory levels (figures). */
export function compareRows(sides: readonly string[], t: CompareTally, listed: readonly VictoryLevel[] = []): Row[] {
  const levels = new Set<string>();
  for (const arm of [t.a, t.b]) for (const k of Object.keys(arm)) if (k.startsWith('level:')) levels.add(k.slice('level:'.length));
  const details = new Map<string, 'number' | 'boolean'>();
  for (const k of new Set([...Object.keys(t.detailTypes.a), ...Object.keys(t.detailTypes.b)]))
    details.set(k, Object.hasOwn(t.detailTypes.b, k) ? t.detailTypes.b[k] : t.detailTypes.a[k]);
  return figureList(sides, levels, details, listed).map((f) => {
    const d = Object.hasOwn(t.diff, f.key) ? t.diff[f.key] : undefined;
    const level = f.key.startsWith('level:');
    const pairs = level ? t.games : (d?.n ?? 0);
    const m = meanIntervalOfSums(pairs, d?.sum ?? 0, d?.sum2 ?? 0);
    const difference = m ? { value: m.mean, interval: m.interval, pairs } : null;
    const beyondNoise = !!difference && (difference.interval.low > 0 || difference.interval.high < 0);
    const sums = (arm: Record<string, Sums>) => (Object.hasOwn(arm, f.key) ? arm[f.key] : undefined);
    return {
      figure: f.name,
      kind: f.kind,
      definition: f.definition,
      a: armOf(f, sums(t.a), t.games),
      b: armOf(f, sums(t.b), t.games),
      difference,
      beyondNoise,
    };
  });
}

/** Compares two arms played on the same seeds (`a[i]` and `b[i]` share a seed; as many games in each); `listed` orders the victory levels (figures). */
export function compareArms(sides: readonly string[], a: Game[], b: Game[], listed: readonly VictoryLevel[] = []): Row[] {
  if (a.length !== b.length) throw new Error(`compareArms: ${a.length} games in A, ${b.length} in B`);
  const t = newCompareTally();
  for (let i = 0; i < a.length; i++) addPair(t, sides, a[i], b[i]);
  return compareRows(sides, t, listed);
}

/** One arm of a comparison (plain data: it is sent to the workers). */
export interface CompareArm {
  /** The rules file (workers load it); undefined: the printed rules. */
  rulesFile?: string;
  /** Options with their defaults filled in. */
  options: Options;
  /** The bot of each side, by name. */
  bots: Record<Side, string>;
}

/** What a chunk of `compare` needs besides the module and the rules of each arm. */
export interface CompareSpec {
  game: string;
  /** Base seed: game k of both arms uses `${seed}/${k}`. */
  seed: string;
  a: CompareArm;
  b: CompareArm;
}

/**
 * Plays games `from`..`to` (inclusive) of both arms into a new tally: game k of A, then of B, on the
 * seed S/k. The same function runs in the main thread and in every worker (sim-pool.ts). A game that
 * throws stops the chunk: the failure names it and its arm in its message (the tally holds the pairs
 * before it).
 */
export function runCompareChunk(
  mod: AnyGameModule,
  rulesA: unknown,
  rulesB: unknown,
  spec: CompareSpec,
  from: number,
  to: number,
): { tally: CompareTally; failure: Failure | null } {
  const tally = newCompareTally();
  const botsOf = (arm: CompareArm) => Object.fromEntries(mod.sides.map((s) => [s, mod.bots[arm.bots[s]]]));
  const arms = [
    { label: 'A', rules: rulesA, options: spec.a.options, bots: botsOf(spec.a) },
    { label: 'B', rules: rulesB, options: spec.b.options, bots: botsOf(spec.b) },
  ];
  for (let k = from; k <= to; k++) {
    const seed = `${spec.seed}/${k}`;
    const games: Game[] = [];
    for (const arm of arms) {
      let step = 0;
      try {
        const r = playout(mod, arm.rules, {
          seed,
          options: arm.options,
          bots: arm.bots,
          afterStep: (_s, n) => {
            step = n;
          },
        });
        games.push({ outcome: r.outcome, decisions: r.steps });
      } catch (e) {
        const err = e as Error;
        return {
          tally,
          failure: { k, seed, step, kind: 'error', message: `arm ${arm.label}: ${String(err?.message ?? e)}`, stack: err?.stack },
        };
      }
    }
    addPair(tally, mod.sides, games[0], games[1]);
  }
  return { tally, failure: null };
}
