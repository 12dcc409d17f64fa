/**
 * `simulate`'s figures, gathered as games finish: a Tally holds counts, integer histograms and the
 * few sample games kept by count, never a list of every game, so its size does not grow with the
 * number of games (issue 13: memory flat). Tallies of chunks of games merge; merged in the order of
 * the chunks (sim-pool.ts), the report is the same whatever thread played which chunk.
 *
 * Each figure of the report is a small named function over the tally with its one-line definition
 * (sim-definitions.ts; style.md, after Ludii's metrics).
 */
import type { Outcome, Side, VictoryLevel } from './module.js';
import { SIMULATE_DEFINITIONS } from './sim-definitions.js';
import { winnerName, wilson, type Interval, type Share } from './stats.js';

/** What one finished (or stopped) game contributes. */
export interface GameFigures {
  /** Game number, 1-based: its seed is S/k. */
  k: number;
  outcome: Outcome;
  /** Decisions made (forced steps not counted). */
  decisions: number;
  /** Why the game was stopped at the step limit, when it was. */
  runaway?: string;
  /** The side that acted first (GameModule.firstMover), where the game names one. */
  firstMover?: Side | null;
  /** Decisiveness of a game a side won, in thousandths (0..1000): see SIMULATE_DEFINITIONS. */
  clearAt?: number;
}

/** A sample game kept for `--save-games`: its number and length. */
export interface Sample {
  k: number;
  decisions: number;
}

/** Counts of values: value (as a string) → games. */
export type Counts = Record<string, number>;

export interface Tally {
  games: number;
  finished: number;
  /** Finished games without a winner. */
  draws: number;
  /** By winner name (stats.ts winnerName). */
  winners: Counts;
  /** Games each side won. */
  sideWins: Counts;
  /** Per victory level: games, the sum of points and how many scored, the first game's number and winner name. */
  levels: Record<string, { count: number; points: number; scored: number; k: number; winner: string }>;
  /** Histograms (value → games) of turns, decisions and points. */
  turns: Counts;
  decisions: Counts;
  points: Counts;
  /** Per game-specific figure: each value reported (not null) → games; numbers also by value. */
  details: Record<string, Counts>;
  detailNumbers: Record<string, Counts>;
  /** Per first mover: games, and games it won. */
  firstMover: Record<string, { games: number; wins: number }>;
  /** Decisiveness in thousandths → games. */
  clear: Counts;
  runaways: { count: number; first: { k: number; reason: string } | null };
  samples: { shortest: Sample | null; longest: Sample | null; byOutcome: Record<string, Sample> };
}

export function newTally(): Tally {
  return {
    games: 0,
    finished: 0,
    draws: 0,
    winners: {},
    sideWins: {},
    levels: {},
    turns: {},
    decisions: {},
    points: {},
    details: {},
    detailNumbers: {},
    firstMover: {},
    clear: {},
    runaways: { count: 0, first: null },
    samples: { shortest: null, longest: null, byOutcome: {} },
  };
}

const bump = (c: Counts, key: string | number, by = 1) => {
  c[key] = (c[key] ?? 0) + by;
};

/** Which of two samples to keep: the shorter (`dir` -1) or longer (1); equal lengths keep the lower game number. */
function pick(a: Sample | null, b: Sample | null, dir: 1 | -1): Sample | null {
  if (!a || !b) return a ?? b;
  if (a.decisions !== b.decisions) return (a.decisions - b.decisions) * dir > 0 ? a : b;
  return a.k <= b.k ? a : b;
}

/** The outcome a sample stands for: the victory level, else who won ("unfinished" for a runaway). */
export function outcomeKey(o: Outcome, sides: readonly string[]): string {
  return o.level ?? winnerName(o, sides as string[]);
}

/** Adds one game to a tally. */
export function addGame(t: Tally, g: GameFigures, sides: readonly string[]): void {
  const o = g.outcome;
  const name = winnerName(o, sides as string[]);
  t.games++;
  if (o.finished) t.finished++;
  if (o.finished && !o.winner && sides.length > 1) t.draws++;
  bump(t.winners, name);
  if (o.winner) bump(t.sideWins, o.winner);
  const level = o.level ?? '(none)';
  const l = (t.levels[level] ??= { count: 0, points: 0, scored: 0, k: g.k, winner: name });
  l.count++;
  if (typeof o.points === 'number') {
    l.points += o.points;
    l.scored++;
    bump(t.points, o.points);
  }
  if (g.k < l.k) [l.k, l.winner] = [g.k, name];
  if (typeof o.turns === 'number') bump(t.turns, o.turns);
  bump(t.decisions, g.decisions);
  for (const [key, v] of Object.entries(o.details ?? {})) {
    if (v === null || v === undefined) continue;
    bump((t.details[key] ??= {}), String(v));
    if (typeof v === 'number') bump((t.detailNumbers[key] ??= {}), v);
  }
  if (g.firstMover) {
    const f = (t.firstMover[g.firstMover] ??= { games: 0, wins: 0 });
    f.games++;
    if (o.winner === g.firstMover) f.wins++;
  }
  if (g.clearAt !== undefined) bump(t.clear, g.clearAt);
  if (g.runaway !== undefined) {
    t.runaways.count++;
    if (!t.runaways.first || g.k < t.runaways.first.k) t.runaways.first = { k: g.k, reason: g.runaway };
  }
  const s: Sample = { k: g.k, decisions: g.decisions };
  t.samples.shortest = pick(t.samples.shortest, s, -1);
  t.samples.longest = pick(t.samples.longest, s, 1);
  const key = outcomeKey(o, sides);
  const had = t.samples.byOutcome[key];
  if (!had || g.k < had.k) t.samples.byOutcome[key] = s;
}

const mergeCounts = (into: Counts, from: Counts) => {
  for (const [k, v] of Object.entries(from)) bump(into, k, v);
};

/** Adds tally `b` into `a` (both of the same game). */
export function mergeTally(a: Tally, b: Tally): void {
  a.games += b.games;
  a.finished += b.finished;
  a.draws += b.draws;
  mergeCounts(a.winners, b.winners);
  mergeCounts(a.sideWins, b.sideWins);
  for (const [level, l] of Object.entries(b.levels)) {
    const x = a.levels[level];
    if (!x) a.levels[level] = { ...l };
    else {
      x.count += l.count;
      x.points += l.points;
      x.scored += l.scored;
      if (l.k < x.k) [x.k, x.winner] = [l.k, l.winner];
    }
  }
  mergeCounts(a.turns, b.turns);
  mergeCounts(a.decisions, b.decisions);
  mergeCounts(a.points, b.points);
  for (const [key, c] of Object.entries(b.details)) mergeCounts((a.details[key] ??= {}), c);
  for (const [key, c] of Object.entries(b.detailNumbers)) mergeCounts((a.detailNumbers[key] ??= {}), c);
  for (const [side, f] of Object.entries(b.firstMover)) {
    const x = (a.firstMover[side] ??= { games: 0, wins: 0 });
    x.games += f.games;
    x.wins += f.wins;
  }
  mergeCounts(a.clear, b.clear);
  a.runaways.count += b.runaways.count;
  const fb = b.runaways.first;
  if (fb && (!a.runaways.first || fb.k < a.runaways.first.k)) a.runaways.first = fb;
  a.samples.shortest = pick(a.samples.shortest, b.samples.shortest, -1);
  a.samples.longest = pick(a.samples.longest, b.samples.longest, 1);
  for (const [key, s] of Object.entries(b.samples.byOutcome)) {
    const had = a.samples.byOutcome[key];
    if (!had || s.k < had.k) a.samples.byOutcome[key] = s;
  }
}

// ---- Figures over a histogram of numbers (value → games) ----

/** The values of a histogram, ascending, with their counts. */
function entries(c: Counts): [number, number][] {
  return Object.entries(c)
    .map(([k, v]) => [Number(k), v] as [number, number])
    .sort((x, y) => x[0] - y[0]);
}

function total(c: Counts): number {
  return Object.values(c).reduce((a, b) => a + b, 0);
}

/** The value at 0-based position i of the sorted values. */
function at(es: [number, number][], i: number): number {
  let seen = 0;
  for (const [v, n] of es) {
    seen += n;
    if (i < seen) return v;
  }
  return es[es.length - 1][0];
}

/** Minimum, median (the middle value, or the mean of the two middle ones) and maximum; null when empty. */
export function spreadOf(c: Counts): { min: number; median: number; max: number } | null {
  const es = entries(c);
  const n = total(c);
  if (!n) return null;
  const median = n % 2 ? at(es, (n - 1) / 2) : (at(es, n / 2 - 1) + at(es, n / 2)) / 2;
  return { min: es[0][0], median, max: es[es.length - 1][0] };
}

/** Mean of a histogram (summed in ascending order of value); null when empty. */
export function meanOf(c: Counts): number | null {
  const n = total(c);
  if (!n) return null;
  return entries(c).reduce((a, [v, k]) => a + v * k, 0) / n;
}

/** One bar of a histogram: games with a value from `from` to `to` (inclusive). */
export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** Bins of whole-number values: one per value up to 20 values, else bins of 1, 2, 5, 10, 20, 50 … values (at most 20 bins). */
export function binsOf(c: Counts): Bin[] {
  const es = entries(c);
  if (!es.length) return [];
  const lo = es[0][0];
  const hi = es[es.length - 1][0];
  const range = hi - lo + 1;
  let width = 1;
  for (let m = 1; range / width > 20; m *= 10) for (const f of [1, 2, 5]) if (range / width > 20) width = f * m;
  const start = Math.floor(lo / width) * width;
  const bins: Bin[] = [];
  for (let from = start; from <= hi; from += width) bins.push({ from, to: from + width - 1, count: 0 });
  for (const [v, n] of es) bins[Math.floor((v - start) / width)].count += n;
  return bins;
}

// ---- The report ----

/** Shares of named counts, most frequent first (ties by name). */
function sharesOf(c: Counts, n: number): Share[] {
  return Object.entries(c)
    .map(([value, count]) => ({ value, count, share: count / (n || 1) }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { numeric: true }));
}

/** A share with its 95 % Wilson interval. */
export interface ShareCI {
  count: number;
  of: number;
  share: number;
  interval: Interval;
}

function shareCI(count: number, of: number): ShareCI {
  return { count, of, share: of ? count / of : 0, interval: wilson(count, of) };
}

/**
 * Victory levels in the rulebook's order where the module lists them (GameModule.victoryLevels), each
 * with its group; the others (or all, without a list) after them, best for the players first: by
 * mean points, then by winner, then by frequency (stats.ts orderedLevels).
 */
function orderedLevels(t: Tally, listed: readonly VictoryLevel[] = []): Share[] {
  const shares = sharesOf(Object.fromEntries(Object.entries(t.levels).map(([k, l]) => [k, l.count])), t.games);
  const pts = (v: string) => (t.levels[v].scored ? t.levels[v].points / t.levels[v].scored : -Infinity);
  const rank = (v: string) => {
    const i = listed.findIndex((l) => l.name === v);
    return i < 0 ? listed.length : i;
  };
  return shares
    .sort(
      (a, b) =>
        rank(a.value) - rank(b.value) ||
        pts(b.value) - pts(a.value) ||
        t.levels[a.value].winner.localeCompare(t.levels[b.value].winner) ||
        b.count - a.count,
    )
    .map((s) => {
      const group = listed.find((l) => l.name === s.value)?.group;
      return group === undefined ? s : { ...s, group };
    });
}

export interface ReportContext {
  sides: readonly string[];
  seed: string;
  /** What "first" means in the game (GameMeta.firstMover), where one side acts first. */
  firstMover?: string;
  /** Whether the game gives a running score (GameModule.score). */
  scored: boolean;
  /** The victory levels in the rulebook's order (GameModule.victoryLevels), where the module lists them. */
  levels?: VictoryLevel[];
}

/** The report's figures (the JSON of `simulate`, less the run's own fields), each named in SIMULATE_DEFINITIONS. */
export function report(t: Tally, ctx: ReportContext) {
  const seedOf = (s: Sample | null) => (s ? { steps: s.decisions, seed: `${ctx.seed}/${s.k}` } : { steps: 0, seed: '' });
  const solo = ctx.sides.length === 1;
  const balance = ctx.sides.map((side) => ({ side, ...shareCI(t.sideWins[side] ?? 0, t.games) }));
  let firstMover: null | Record<string, unknown> = null;
  if (ctx.firstMover !== undefined && !solo) {
    const moved = Object.entries(t.firstMover).sort(([a], [b]) => a.localeCompare(b));
    const games = moved.reduce((a, [, f]) => a + f.games, 0);
    const wins = moved.reduce((a, [, f]) => a + f.wins, 0);
    firstMover = {
      meaning: ctx.firstMover,
      ...shareCI(wins, games),
      bySide: Object.fromEntries(moved.map(([side, f]) => [side, { games: f.games, wins: f.wins }])),
      ...(moved.length === 1 ? { note: `${moved[0][0]} moved first in every game: this is also ${moved[0][0]}'s balance` } : {}),
    };
  }
  const clear = ctx.scored && !solo ? t.clear : null;
  const decisiveness = clear
    ? (() => {
        const sp = spreadOf(clear);
        const m = meanOf(clear);
        return {
          games: total(clear),
          mean: m === null ? null : m / 1000,
          median: sp ? sp.median / 1000 : null,
          min: sp ? sp.min / 1000 : null,
          max: sp ? sp.max / 1000 : null,
        };
      })()
    : null;
  const duration = (c: Counts) => {
    const sp = spreadOf(c);
    return sp ? { ...sp, mean: meanOf(c), histogram: binsOf(c) } : null;
  };
  const detailSpreads: Record<string, { min: number; median: number; max: number }> = {};
  const detailMeans: Record<string, number> = {};
  for (const key of Object.keys(t.detailNumbers).sort()) {
    detailSpreads[key] = spreadOf(t.detailNumbers[key])!;
    detailMeans[key] = meanOf(t.detailNumbers[key])!;
  }
  const details: Record<string, Share[]> = {};
  for (const key of Object.keys(t.details).sort()) {
    const reported = total(t.details[key]);
    const c = reported < t.games ? { ...t.details[key], '(none)': t.games - reported } : t.details[key];
    details[key] = sharesOf(c, t.games);
  }
  return {
    games: t.games,
    balance,
    firstMover,
    completion: { ...shareCI(t.finished, t.games), runaways: t.runaways.count },
    draws: solo ? null : shareCI(t.draws, t.finished),
    duration: { turns: duration(t.turns), decisions: duration(t.decisions) },
    decisiveness,
    levels: orderedLevels(t, ctx.levels),
    winners: sharesOf(t.winners, t.games),
    averageTurns: meanOf(t.turns),
    averagePoints: meanOf(t.points),
    details,
    detailMeans,
    detailSpreads,
    turnSpread: spreadOf(t.turns),
    longestGame: seedOf(t.samples.longest),
    shortestGame: seedOf(t.samples.shortest),
    runawayGames: {
      count: t.runaways.count,
      first: t.runaways.first ? { seed: `${ctx.seed}/${t.runaways.first.k}`, reason: t.runaways.first.reason } : null,
    },
  };
}

export type Report = ReturnType<typeof report>;

/** The definitions of the report's figures and the run's fields. */
export function definitions(): Record<string, string> {
  return { ...SIMULATE_DEFINITIONS };
}
