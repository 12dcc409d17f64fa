/**
 * A/B comparison of two arms of a game (options, rules files or bots) on the same seeds: every figure
 * for A and B, the paired difference B − A with its 95 % interval, and whether the difference is beyond
 * noise (its interval excludes 0). Shares carry Wilson intervals per arm. Each figure is a small named
 * function of a finished game, with its definition (style.md, after Ludii's metrics).
 */
import type { Outcome, VictoryLevel } from './module.js';
import { meanInterval, wilson, type Interval } from './stats.js';

/** One finished game of an arm: its outcome and how many decisions it took. */
export interface Game {
  outcome: Outcome;
  decisions: number;
}

/** A figure read off one game: a number, or undefined when the game does not report it. */
export interface Figure {
  name: string;
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
  const out: Figure[] = [];
  const solo = sides.length === 1;
  for (const side of sides) {
    out.push({
      name: `${side} wins`,
      kind: 'share',
      definition: `share of games ${side} won`,
      of: (g) => (g.outcome.winner === side ? 1 : 0),
    });
  }
  if (!solo)
    out.push({
      name: 'draws',
      kind: 'share',
      definition: 'share of finished games without a winner',
      of: (g) => (g.outcome.finished && !g.outcome.winner ? 1 : 0),
    });
  const levels = new Set<string>();
  for (const g of games) if (g.outcome.level) levels.add(g.outcome.level);
  const rank = (v: string) => {
    const i = listed.findIndex((l) => l.name === v);
    return i < 0 ? listed.length : i;
  };
  for (const level of [...levels].sort((x, y) => rank(x) - rank(y) || x.localeCompare(y))) {
    out.push({
      name: `level: ${level}`,
      kind: 'share',
      definition: `share of games ending "${level}"`,
      of: (g) => (g.outcome.level === level ? 1 : 0),
    });
  }
  out.push({ name: 'turns', kind: 'mean', definition: 'turns played (the turn track)', of: (g) => g.outcome.turns });
  out.push({ name: 'points', kind: 'mean', definition: 'victory points, where the game counts them', of: (g) => g.outcome.points });
  out.push({ name: 'decisions', kind: 'mean', definition: 'decisions made (forced ones not counted)', of: (g) => g.decisions });
  const details = new Map<string, 'number' | 'boolean'>();
  for (const g of games)
    for (const [k, v] of Object.entries(g.outcome.details ?? {}))
      if (typeof v === 'number' || typeof v === 'boolean') details.set(k, typeof v as 'number' | 'boolean');
  for (const [k, t] of [...details].sort()) {
    out.push({
      name: k,
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

function arm(f: Figure, games: Game[]) {
  const xs = games.map((g) => f.of(g)).filter((x): x is number => x !== undefined);
  if (!xs.length) return null;
  if (f.kind === 'share') {
    const k = xs.reduce((a, x) => a + x, 0);
    return { value: k / xs.length, interval: wilson(k, xs.length) };
  }
  // A mean lies between the values seen: its normal interval is clamped to them (surrenderTurn's
  // "7.04 to 10.96" went past the last turn, 10).
  const m = meanInterval(xs)!;
  const lo = xs.reduce((a, x) => Math.min(a, x));
  const hi = xs.reduce((a, x) => Math.max(a, x));
  return { value: m.mean, interval: { low: Math.max(lo, m.interval.low), high: Math.min(hi, m.interval.high) } };
}

/** Compares two arms played on the same seeds (`a[i]` and `b[i]` share a seed); `listed` orders the victory levels (figures). */
export function compareArms(sides: readonly string[], a: Game[], b: Game[], listed: readonly VictoryLevel[] = []): Row[] {
  return figures(sides, [...a, ...b], listed).map((f) => {
    const diffs: number[] = [];
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const x = f.of(a[i]);
      const y = f.of(b[i]);
      if (x !== undefined && y !== undefined) diffs.push(y - x);
    }
    const d = meanInterval(diffs);
    const difference = d ? { value: d.mean, interval: d.interval, pairs: diffs.length } : null;
    const beyondNoise = !!difference && (difference.interval.low > 0 || difference.interval.high < 0);
    return { figure: f.name, kind: f.kind, definition: f.definition, a: arm(f, a), b: arm(f, b), difference, beyondNoise };
  });
}
