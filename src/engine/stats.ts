/**
 * Statistics over finished games for `simulate`: small named functions, each with its definition
 * (style.md, after Ludii's metrics).
 */
import type { Outcome } from './module.js';

export interface Share {
  value: string;
  count: number;
  /** count / games, 0..1 */
  share: number;
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

export const METRICS: Metric[] = [
  { name: 'games', definition: 'number of games played', compute: (o) => o.length },
  { name: 'levels', definition: 'victory level of each game (count and share)', compute: (o) => distribution(o.map((x) => x.level)) },
  {
    name: 'winners',
    definition: 'winning side of each game; "(no winner)" = the player lost a solitaire game, or a draw',
    compute: (o) => distribution(o.map((x) => x.winner ?? '(no winner)')),
  },
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
