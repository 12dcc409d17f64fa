/**
 * Statistics over finished games for `simulate`: small named functions, each with its definition
 * (style.md, after Ludii's metrics).
 */
import { max, median, min, probit } from 'simple-statistics';
import type { Outcome } from './module.js';

export interface Share {
  value: string;
  count: number;
  /** count / games, 0..1 */
  share: number;
  /** The part of the game a victory level ends (GameModule.victoryLevels), where the module names one. */
  group?: string;
}

export interface Metric {
  name: string;
  definition: string;
  compute(outcomes: Outcome[]): unknown;
}

/** Counts of each distinct value, most frequent first (ties by value). */
export function distribution(values: (string | number | boolean | null | undefined)[]): Share[] {
  const m = new Map<string, number>();
  for (const v of values) {
    const k = v === undefined || v === null ? '(none)' : String(v);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  const n = values.length || 1;
  return [...m.entries()]
    .map(([value, count]) => ({ value, count, share: count / n }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { numeric: true }));
}

export function mean(xs: number[]): number | null {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

/**
 * Who won a game, by name: a side, or in a solitaire game the game system's side named by its
 * victory level ("British victory"), or a draw. A loss is always someone's win.
 */
export function winnerName(o: Outcome, sides: string[]): string {
  if (o.winner) return o.winner;
  if (sides.length === 1) return `${o.level ?? 'the game'} (${sides[0]} lose)`;
  return o.finished ? 'draw' : 'unfinished';
}

/**
 * Victory levels in their order: best for the players first, by the mean victory points of the games
 * that reached each level (the rulebook's level tables rise with the points), then by winning side
 * and frequency where no points are counted.
 */
export function orderedLevels(o: Outcome[], sides: string[]): Share[] {
  const shares = distribution(o.map((x) => x.level));
  const pts = new Map<string, number>();
  const side = new Map<string, string>();
  for (const s of shares) {
    const games = o.filter((x) => (x.level ?? '(none)') === s.value);
    const p = games.map((x) => x.points).filter((t): t is number => typeof t === 'number');
    if (p.length) pts.set(s.value, mean(p)!);
    side.set(s.value, winnerName(games[0], sides));
  }
  return shares.sort(
    (a, b) =>
      (pts.get(b.value) ?? -Infinity) - (pts.get(a.value) ?? -Infinity) ||
      side.get(a.value)!.localeCompare(side.get(b.value)!) ||
      b.count - a.count,
  );
}

/** Minimum, median and maximum of a list of counts (null when empty). */
export function spread(xs: number[]): { min: number; median: number; max: number } | null {
  return xs.length ? { min: min(xs), median: median(xs), max: max(xs) } : null;
}

/** The metrics of games of a module with these sides. */
export function metrics(sides: string[]): Metric[] {
  return [
    { name: 'games', definition: 'number of games played', compute: (o) => o.length },
    {
      name: 'levels',
      definition: 'victory level of each game (count and share), best for the players first',
      compute: (o) => orderedLevels(o, sides),
    },
    {
      name: 'winners',
      definition: "who won each game: a side; in a solitaire game a loss is the game system's win, named by its victory level; or a draw",
      compute: (o) => distribution(o.map((x) => winnerName(x, sides))),
    },
    ...METRICS.slice(1),
  ];
}

export const METRICS: Metric[] = [
  { name: 'games', definition: 'number of games played', compute: (o) => o.length },
  {
    name: 'averageTurns',
    definition: 'mean of the turns each game lasted (turn-track turns, summed over both wars where there are two)',
    compute: (o) => mean(o.map((x) => x.turns).filter((t): t is number => typeof t === 'number')),
  },
  {
    name: 'averagePoints',
    definition: 'mean victory points, over games that score points',
    compute: (o) => mean(o.map((x) => x.points).filter((t): t is number => typeof t === 'number')),
  },
];

/** Distribution of each game-specific detail (outcome.details), e.g. the Treaty turn. */
export function detailDistributions(outcomes: Outcome[]): Record<string, Share[]> {
  const keys = new Set<string>();
  for (const o of outcomes) for (const k of Object.keys(o.details ?? {})) keys.add(k);
  const out: Record<string, Share[]> = {};
  for (const k of [...keys].sort()) out[k] = distribution(outcomes.map((o) => o.details?.[k]));
  return out;
}

/** Minimum, median and maximum of each numeric game-specific detail, over the games that report it. */
export function detailSpreads(outcomes: Outcome[]): Record<string, { min: number; median: number; max: number }> {
  const vals = new Map<string, number[]>();
  for (const o of outcomes)
    for (const [k, v] of Object.entries(o.details ?? {})) if (typeof v === 'number') (vals.get(k) ?? vals.set(k, []).get(k)!).push(v);
  const out: Record<string, { min: number; median: number; max: number }> = {};
  for (const k of [...vals.keys()].sort()) out[k] = spread(vals.get(k)!)!;
  return out;
}

/** Mean of each numeric game-specific detail over the games that report it (e.g. battles per game). */
export function detailMeans(outcomes: Outcome[]): Record<string, number> {
  const sums = new Map<string, { total: number; n: number }>();
  for (const o of outcomes) {
    for (const [k, v] of Object.entries(o.details ?? {})) {
      if (typeof v !== 'number') continue;
      const e = sums.get(k) ?? { total: 0, n: 0 };
      e.total += v;
      e.n++;
      sums.set(k, e);
    }
  }
  const out: Record<string, number> = {};
  for (const k of [...sums.keys()].sort()) out[k] = sums.get(k)!.total / sums.get(k)!.n;
  return out;
}

/** A 95 % confidence interval. */
export interface Interval {
  low: number;
  high: number;
}

/**
 * A `JSON.stringify` replacer for reports: every fraction rounded to 6 decimals, so float noise
 * (a Wilson bound of 0.9999999999999999) never reaches the output; whole numbers are left alone.
 */
export function roundedJson(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value) && Number.isFinite(value) ? Number(value.toFixed(6)) : value;
}

/** The normal quantile of a two-sided 95 % interval (simple-statistics' probit). */
const Z95 = probit(0.975);

/**
 * Wilson's score interval for a share: `k` successes in `n` trials, 95 %. Good near 0 and 1 and for
 * small n (unlike the plain normal interval). Returns [0, 1] for n = 0.
 */
export function wilson(k: number, n: number): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * The mean of `xs` with its 95 % interval (normal approximation: sound from about 30 values; the
 * standard error from the sample standard deviation). Used for paired differences too.
 */
export function meanInterval(xs: number[]): { mean: number; interval: Interval } | null {
  return meanIntervalOfSums(
    xs.length,
    xs.reduce((a, x) => a + x, 0),
    xs.reduce((a, x) => a + x * x, 0),
  );
}

/**
 * meanInterval from running sums (`n` values, their `sum` and the `sum2` of their squares), for
 * figures added up game by game without keeping the games (compare.ts). The sums of whole numbers are
 * exact, so they do not depend on the order the values were added in; the standard deviation is the
 * sample one (n - 1).
 */
export function meanIntervalOfSums(n: number, sum: number, sum2: number): { mean: number; interval: Interval } | null {
  if (n === 0) return null;
  const m = sum / n;
  if (n < 2) return { mean: m, interval: { low: m, high: m } };
  const se = Math.sqrt(Math.max(0, (sum2 - (sum * sum) / n) / (n - 1))) / Math.sqrt(n);
  return { mean: m, interval: { low: m - Z95 * se, high: m + Z95 * se } };
}
