/**
 * `muster compare <game> --games N [--a-… / --b-…] [--threads N]`: two arms (options, rules files,
 * bots) played on the same seeds S/1..S/N; every figure for A and B, their paired difference with a
 * 95 % interval, and which differences are beyond noise (src/engine/compare.ts).
 *
 * The games run on every core, as simulate's do (src/engine/sim-pool.ts, src/commands/pool.ts): the
 * output is the same, to the byte, for any number of threads, and the games are added up as they
 * end, so memory does not grow with their number.
 */
import { COMPARE_TALLIES, compareRows, runCompareChunk, type CompareArm, type CompareSpec, type Row } from '../engine/compare.js';
import { roundedJson } from '../engine/stats.js';
import { resolveOptions } from '../engine/runner.js';
import { runPool } from '../engine/sim-pool.js';
import { fitTable } from '../ui/table.js';
import { wrapWords } from '../ui/text.js';
import { botsFromFlags, describeBots } from './bots-flag.js';
import { wholeFlag } from './number-flag.js';
import { CliError, errOut, loadGame, out, renderContext, useColor } from './common.js';
import { POOL_WORKER, quickMs, threadsFlag, type PoolTask } from './pool.js';

export interface CompareFlags {
  games?: string;
  seed?: string;
  bot?: string[];
  option?: Record<string, string>;
  rules?: string;
  aOption?: Record<string, string>;
  bOption?: Record<string, string>;
  aRules?: string;
  bRules?: string;
  aBot?: string[];
  bBot?: string[];
  json?: boolean;
  color?: boolean;
  /** Worker threads (default: the cores). */
  threads?: string;
}

interface Arm {
  rulesFile: string | null;
  rulesHash: string;
  rules: unknown;
  options: Record<string, string>;
  bots: Record<string, string>;
}

/** An arm's rules (loaded and checked here: a bad file is refused before any game), options and bots. */
async function armOf(game: string, rulesFile: string | undefined, given: Record<string, string>, botFlags: string[]): Promise<Arm> {
  const { mod, rules, rulesHash } = await loadGame(game, rulesFile);
  const options = resolveOptions(mod, given);
  const { names } = botsFromFlags(mod, botFlags);
  return { rulesFile: rulesFile ?? null, rulesHash, rules, options, bots: names };
}

const specArm = (x: Arm): CompareArm => ({ rulesFile: x.rulesFile ?? undefined, options: x.options, bots: x.bots });

const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));

/**
 * A value over its interval, on two lines so the table fits 80 columns: "28.9%" / "26.2 to 31.8";
 * a difference taken over fewer pairs of games than were played says over how many ("143 pairs").
 */
function cell(
  kind: Row['kind'],
  v: { value: number; interval: { low: number; high: number }; pairs?: number } | null,
  signed = false,
  games = 0,
): string {
  if (!v) return '-';
  const f = kind === 'share' ? (x: number) => (100 * x).toFixed(1) : num;
  const sign = signed && v.value > 0 ? '+' : '';
  const pairs = v.pairs !== undefined && v.pairs < games ? `\n${v.pairs} pairs` : '';
  return `${sign}${f(v.value)}${kind === 'share' ? '%' : ''}\n${f(v.interval.low)} to ${f(v.interval.high)}${pairs}`;
}

/** `text` wrapped to `width` columns, one string. */
const wrapText = (text: string, width: number) => wrapWords(text, width).join('\n');

export async function compareCommand(game: string, flags: CompareFlags): Promise<number> {
  const n = wholeFlag('--games', flags.games ?? '200', 2, 1_000_000);
  const threads = threadsFlag(flags.threads);
  const seed = flags.seed ?? 'compare';
  const { mod, rules } = await loadGame(game, flags.rules);
  const a = await armOf(game, flags.aRules ?? flags.rules, { ...flags.option, ...flags.aOption }, [
    ...(flags.bot ?? []),
    ...(flags.aBot ?? []),
  ]);
  const b = await armOf(game, flags.bRules ?? flags.rules, { ...flags.option, ...flags.bOption }, [
    ...(flags.bot ?? []),
    ...(flags.bBot ?? []),
  ]);
  // Two identical arms (an A/A run) show the noise of one arm, but every difference is 0: say so.
  const same = (x: Arm) => JSON.stringify([x.rulesHash, x.options, x.bots]);
  if (same(a) === same(b))
    errOut(
      'muster compare: A and B are the same (same rules, options and bots), so every difference is 0; ' +
        'say what B changes with --b-option, --b-rules or --b-bot (or A with --a-…)',
    );
  const spec: CompareSpec = { game: mod.id, seed, a: specArm(a), b: specArm(b) };
  const run = await runPool({
    n,
    threads,
    tallies: COMPARE_TALLIES,
    local: (from, to) => runCompareChunk(mod, a.rules, b.rules, spec, from, to),
    workerFile: POOL_WORKER,
    task: (from, to): PoolTask => ({ kind: 'compare', spec, from, to }),
    quickMs: quickMs(flags.threads),
  });
  if (run.failure) {
    const f = run.failure;
    const debug = process.env.MUSTER_DEBUG && f.stack ? `\n${f.stack}` : '';
    throw new CliError(
      `game ${f.k} (seed ${f.seed}) of ${mod.id} stopped with an error at decision ${f.step + 1} in ${f.message}${debug}`,
      1,
    );
  }
  const rows = compareRows(mod.sides, run.tally, mod.victoryLevels?.(rules));
  const describe = (x: Arm) => ({ rules: x.rulesFile ?? `rules/${mod.rulesName}.json`, options: x.options, bots: x.bots });
  if (flags.json) {
    out(
      JSON.stringify(
        { game: mod.id, games: n, seeds: `${seed}/1..${seed}/${n}`, a: describe(a), b: describe(b), figures: rows, method: METHOD },
        roundedJson,
        2,
      ),
    );
    return 0;
  }
  const ctx = renderContext(useColor(flags.color));
  const armText = (x: Arm) => {
    const opts = Object.entries(x.options)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    return `${x.rulesFile ?? 'printed rules'}; ${opts || 'no options'}; ${describeBots(x.bots)}`;
  };
  const width = ctx.width ?? 100;
  out(wrapText(`${mod.title}: ${n} games per arm on the same seeds (${seed}/1..${seed}/${n})`, width));
  out(wrapText(`A: ${armText(a)}`, width));
  out(wrapText(`B: ${armText(b)}`, width));
  // fitTable narrows the widest columns, wrapping at spaces (a figure's name, or a value's interval).
  const cells = rows.map((r) => [cell(r.kind, r.a), cell(r.kind, r.b), cell(r.kind, r.difference, true, n), r.beyondNoise ? 'YES' : 'no']);
  const body = rows.map((r, i) => [r.figure, ...cells[i]]);
  out(fitTable(['figure', 'A, 95%', 'B, 95%', 'B - A, 95%', 'beyond\nnoise'], body, ctx));
  out(wrapText(METHOD, width));
  const real = rows.filter((r) => r.beyondNoise).map((r) => r.figure);
  out(wrapText(real.length ? `Beyond noise: ${real.join(', ')}.` : 'No difference beyond noise.', width));
  return 0;
}

const METHOD =
  'Shares: Wilson 95% intervals per arm. Means: a 95% normal interval, clamped to the lowest and highest ' +
  'values seen in that arm. Differences: mean of the per-seed differences B - A with a 95% ' +
  'normal interval; "beyond noise" when it excludes 0. A difference uses only the seeds where both arms ' +
  'report the figure ("N pairs" under it when that is fewer than the games): then it can differ from B minus A. ' +
  'Same seeds, so both arms meet the same dice where they agree.';
