/**
 * `muster simulate <game> --games N [--seed S] [--bot NAME | --bot Side=NAME …] [--threads N]
 * [--save-games DIR] [--json] [--no-check]`: bot playouts and a designer's report — balance, first
 * mover, completion, draws, duration, decisiveness (src/engine/sim-tally.ts; each figure defined in
 * src/engine/sim-definitions.ts and `--help`), victory levels and the game's own figures.
 *
 * Game k (1-based) is played with the seed "S/k", so any game can be watched again with
 * `muster play <game> --seed S/k --bot NAME` (and `--vs NAME` for two sides). The games run on every
 * core (src/engine/sim-pool.ts), with the same report as on one thread. The module's invariants are
 * checked after every decision (unless --no-check): a broken one stops the run with exit 1, naming
 * the seed and the decision. A game that reaches the module's step limit is counted unfinished and
 * reported (stderr and `runawayGames`), never an internal error.
 */
import { join } from 'node:path';
import type { AnyGameModule } from '../engine/module.js';
import { playout } from '../engine/playout.js';
import { quote } from '../engine/quote.js';
import { RECORD_FORMAT, writeRecord, type GameRecord } from '../engine/record.js';
import { resolveOptions, Session } from '../engine/runner.js';
import { SIMULATE_DEFINITIONS } from '../engine/sim-definitions.js';
import { runPool } from '../engine/sim-pool.js';
import { runChunk, type Failure, type SimSpec } from '../engine/sim-run.js';
import { mergeTally, newTally, outcomeKey, report, type Bin, type Report, type ShareCI, type Tally } from '../engine/sim-tally.js';
import { roundedJson, type Share } from '../engine/stats.js';
import { stepLimitOf } from '../engine/step-limit.js';
import { progressBar, timeLeft } from '../ui/progress.js';
import { fitTable } from '../ui/table.js';
import { wrapWords } from '../ui/text.js';
import { botsFromFlags, describeBots } from './bots-flag.js';
import { wholeFlag } from './number-flag.js';
import { CliError, commandName, errOut, loadGame, makeFolder, out, renderContext, useColor } from './common.js';
import { fileSafe } from './play.js';
import { POOL_WORKER, quickMs, threadsFlag, type PoolTask } from './pool.js';

export interface SimulateFlags {
  games?: string;
  seed?: string;
  /** A bot for every side, or `Side=name` (repeatable; bots-flag.ts). */
  bot?: string[] | string;
  option?: Record<string, string>;
  json?: boolean;
  color?: boolean;
  rules?: string;
  /** false with --no-check: skip the invariants after every step (faster). */
  check?: boolean;
  /** Worker threads (default: the cores). */
  threads?: string;
  /** Keep sample records in this folder. */
  saveGames?: string;
}

/** The command that plays game `seed` again as simulate played it. */
function replayCommand(
  mod: AnyGameModule,
  seed: string,
  bots: Record<string, string>,
  given: Record<string, string> | undefined,
  rules?: string,
): string {
  const opts = Object.entries(given ?? {})
    .map(([k, v]) => ` --option ${k}=${v}`)
    .join('');
  const [first, ...others] = mod.sides;
  const uniform = others.every((s) => bots[s] === bots[first]);
  // Two sides: --side names the side --bot plays, --vs the other's bot.
  const who =
    mod.sides.length === 1
      ? ` --bot ${bots[first]}`
      : uniform
        ? ` --bot ${bots[first]} --vs ${bots[first]}`
        : ` --side ${first} --bot ${bots[first]} --vs ${bots[others[0]]}`;
  return `${commandName()} play ${mod.id} --seed ${seed}${who}${opts}${rules ? ` --rules ${rules}` : ''}`;
}

/** What `simulateGames` plays: games with seeds `seed/1`..`seed/n`. */
export interface SimulateConfig {
  n: number;
  seed: string;
  /** One bot name for every side, or a name per side. */
  botName: string | Record<string, string>;
  /** Options as given (for the replay command in messages); defaults are filled in here. */
  given?: Record<string, string>;
  /** Check the invariants after every decision (default true). */
  check?: boolean;
  /** The --rules file (workers load it; the replay command in messages names it). */
  rulesFile?: string;
}

/** The error for a game that could not be played through: exit 1, its seed, decision and how to play it again. */
function failureError(mod: AnyGameModule, f: Failure, spec: SimSpec, given: Record<string, string> | undefined): CliError {
  const again = `Play it again with: ${replayCommand(mod, f.seed, spec.bots, given, spec.rulesFile)}`;
  if (f.kind === 'invariant')
    return new CliError(
      `an invariant of ${mod.id} broke in game ${f.k} (seed ${f.seed}) after decision ${f.step}: ${f.message}. ${again}`,
      1,
    );
  const debug = process.env.MUSTER_DEBUG && f.stack ? `\n${f.stack}` : '';
  return new CliError(
    `game ${f.k} (seed ${f.seed}) of ${mod.id} stopped with an error at decision ${f.step + 1}: ${f.message}. ${again}${debug}`,
    1,
  );
}

function specOf(mod: AnyGameModule, cfg: SimulateConfig): SimSpec {
  const names = typeof cfg.botName === 'string' ? Object.fromEntries(mod.sides.map((s) => [s, cfg.botName as string])) : cfg.botName;
  for (const s of mod.sides) {
    if (!Object.hasOwn(mod.bots, names[s]))
      throw new CliError(`${mod.id} has no bot ${quote(names[s])}; bots: ${Object.keys(mod.bots).join(', ')}`);
  }
  return {
    game: mod.id,
    rulesFile: cfg.rulesFile,
    seed: cfg.seed,
    options: resolveOptions(mod, cfg.given),
    bots: names,
    check: cfg.check !== false,
  };
}

/**
 * Plays the games in this thread (tests; the command uses the pool). Throws CliError (exit 1) when
 * an invariant breaks or a game fails, naming the game, its seed, the decision and the command that
 * plays it again. A game at the step limit is counted, never thrown.
 */
export function simulateGames(mod: AnyGameModule, rules: unknown, cfg: SimulateConfig): { tally: Tally; report: Report } {
  const spec = specOf(mod, cfg);
  const { tally, failure } = runChunk(mod, rules, spec, 1, cfg.n);
  if (failure) throw failureError(mod, failure, spec, cfg.given);
  return {
    tally,
    report: report(tally, {
      sides: mod.sides,
      seed: cfg.seed,
      firstMover: mod.firstMoverOf ? mod.firstMover : undefined,
      scored: typeof mod.score === 'function',
      levels: mod.victoryLevels?.(rules),
    }),
  };
}

/** "41.2%". */
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** "41.2% (38.2% to 44.3%)". */
const withCI = (s: ShareCI) => `${pct(s.share)} (${pct(s.interval.low)} to ${pct(s.interval.high)})`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** Words of `text` in lines of at most `width` columns (a word too long for a line is broken); lines after the first indented by `indent`. */
function wrap(text: string, width: number, indent = 2): string {
  const [first, ...rest] = wrapWords(text, width);
  if (!rest.length) return first;
  const pad = ' '.repeat(indent);
  return [first, ...wrapWords(rest.join(' '), width - indent).map((l) => pad + l)].join('\n');
}

/**
 * A command to copy, within `width` columns: on one line when it fits, else broken between its
 * words with a shell line continuation (" \\"), so it still runs when pasted whole.
 */
export function commandLines(command: string, width: number, indent = '  '): string {
  const words = command.split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const pad = lines.length ? '    ' : '';
    if (cur && indent.length + pad.length + cur.length + 1 + w.length + 2 > width) {
      lines.push(indent + pad + cur + ' \\');
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  lines.push(indent + (lines.length ? '    ' : '') + cur);
  return lines.join('\n');
}

/**
 * A histogram as a plain ASCII bar chart that fits `width` columns: one line per bin, "from-to | ### count".
 */
export function barChart(bins: Bin[], width: number): string {
  const total = bins.reduce((a, b) => a + b.count, 0) || 1;
  const labels = bins.map((b) => (b.from === b.to ? String(b.from) : `${b.from}-${b.to}`));
  const labelW = Math.max(...labels.map((l) => l.length));
  const tails = bins.map((b) => ` ${b.count} (${pct(b.count / total)})`);
  const tailW = Math.max(...tails.map((t) => t.length));
  const room = Math.max(4, width - 4 - labelW - 3 - tailW);
  const top = Math.max(...bins.map((b) => b.count)) || 1;
  return bins
    .map((b, i) =>
      `    ${labels[i].padStart(labelW)} | ${'#'.repeat(Math.round((b.count / top) * room)).padEnd(room)}${tails[i]}`.trimEnd(),
    )
    .join('\n');
}

/** Sample records for --save-games: the shortest game, the longest, the first of each outcome. */
function saveSamples(mod: AnyGameModule, rules: unknown, rulesHash: string, spec: SimSpec, tally: Tally, dir: string) {
  const why = new Map<number, string[]>();
  const add = (k: number | undefined, reason: string) => {
    if (k === undefined) return;
    why.set(k, [...(why.get(k) ?? []), reason]);
  };
  add(tally.samples.shortest?.k, 'shortest');
  add(tally.samples.longest?.k, 'longest');
  for (const [key, s] of Object.entries(tally.samples.byOutcome).sort(([a], [b]) => a.localeCompare(b))) add(s.k, key);
  const bots = Object.fromEntries(mod.sides.map((s) => [s, mod.bots[spec.bots[s]]]));
  const saved: { why: string[]; seed: string; file: string; decisions: number }[] = [];
  for (const [k, reasons] of [...why].sort(([a], [b]) => a - b)) {
    const seed = `${spec.seed}/${k}`;
    const r = playout(mod, rules, { seed, options: spec.options, bots, keepChoices: true, maxSteps: stepLimitOf(mod) });
    const rec: GameRecord = {
      format: RECORD_FORMAT,
      game: mod.id,
      rulesHash,
      seed,
      options: spec.options,
      dice: 'seeded',
      players: Object.fromEntries(mod.sides.map((s) => [s, `bot:${spec.bots[s]}`])),
      choices: r.choices!,
    };
    const file = join(dir, `${mod.id}-${fileSafe(seed)}.muster.json`);
    writeRecord(file, Session.fromRecord(mod, rules, rec, { keepLog: false }).toRecord(), ' (choose another --save-games folder)');
    // The outcome of the sample as simulate counted it (a check that the record is the same game).
    const key = outcomeKey(r.outcome, mod.sides);
    if (reasons.some((x) => x !== 'shortest' && x !== 'longest' && x !== key))
      throw new Error(`game ${seed} replayed to another outcome (${key})`);
    saved.push({ why: reasons, seed, file, decisions: r.steps });
  }
  return saved;
}

export async function simulateCommand(game: string, flags: SimulateFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  const rulesFile = flags.rules ?? `rules/${mod.rulesName}.json`;
  const n = wholeFlag('--games', flags.games ?? '100', 1, 10_000_000);
  const threads = threadsFlag(flags.threads);
  if (flags.saveGames === '') throw new CliError('--save-games wants a folder');
  // The folder is made before the games are played: a folder that cannot be made fails at once.
  const cannot = flags.saveGames !== undefined ? makeFolder(flags.saveGames) : undefined;
  if (cannot) throw new CliError(`--save-games: cannot make the folder ${quote(flags.saveGames!)}: ${cannot}`);
  const seed = flags.seed ?? 'muster';
  const { names } = botsFromFlags(mod, flags.bot, 'random');
  const spec = specOf(mod, { n, seed, botName: names, given: flags.option, check: flags.check !== false, rulesFile: flags.rules });

  // "simulate [bar] 100% 100000/100000 games 12345/s ETA 1h2m" on stderr, once the run has taken a second.
  const bar = progressBar({
    total: n,
    // The time left from the whole run's pace (cli-progress's own ETA, from its last few updates, said
    // "0s" at 15 of 3,000 games and changed format between "60s" and "1m0s").
    format: 'simulate [{bar}] {percentage}% {value}/{total} games {speed}/s ETA {left}',
    fixed: 48 + 2 * String(n).length,
  });
  const t0 = Date.now();
  let run;
  try {
    run = await runPool({
      n,
      threads,
      tallies: { empty: newTally, merge: mergeTally, games: (t) => t.games },
      local: (from, to) => runChunk(mod, rules, spec, from, to),
      workerFile: POOL_WORKER,
      task: (from, to): PoolTask => ({ kind: 'simulate', spec, from, to }),
      onProgress: (done) => {
        const secs = Math.max(0.001, (Date.now() - t0) / 1000);
        bar.update(done, { speed: Math.round(done / secs), left: timeLeft(((n - done) * secs) / done) });
      },
      quickMs: quickMs(flags.threads),
    });
  } finally {
    bar.stop();
  }
  if (run.failure) throw failureError(mod, run.failure, spec, flags.option);
  const rep = report(run.tally, {
    sides: mod.sides,
    seed,
    firstMover: mod.firstMoverOf ? mod.firstMover : undefined,
    scored: typeof mod.score === 'function',
    levels: mod.victoryLevels?.(rules),
  });
  if (rep.runawayGames.first) {
    errOut(
      `muster: warning: ${rep.runawayGames.count} of ${n} games did not end (the first: seed ${rep.runawayGames.first.seed}): ${rep.runawayGames.first.reason}. ` +
        'They count as unfinished in the figures below.',
    );
  }
  const saved = flags.saveGames !== undefined ? saveSamples(mod, rules, rulesHash, spec, run.tally, flags.saveGames) : undefined;
  const check = spec.check;
  const summary = {
    game: mod.id,
    bots: names,
    seed,
    options: spec.options,
    rules: { file: rulesFile, hash: rulesHash },
    ...rep,
    invariantsChecked: check,
    ...(saved ? { savedGames: saved } : {}),
    definitions: SIMULATE_DEFINITIONS,
  };
  if (flags.json) {
    out(JSON.stringify(summary, roundedJson, 2));
    return 0;
  }
  const ctx = renderContext(useColor(flags.color));
  const width = ctx.width ?? 100;
  // Levels the module groups (the war a game ended in) say their group in a first column.
  const shares = (title: string, rows: Share[]) =>
    rows.some((r) => r.group !== undefined)
      ? fitTable(
          ['ended in', 'level', 'games', 'share'],
          rows.map((r) => [r.group ?? '', r.value, String(r.count), pct(r.share)]),
          ctx,
          title,
        )
      : fitTable(
          ['', 'games', 'share'],
          rows.map((r) => [r.value, String(r.count), pct(r.share)]),
          ctx,
          title,
        );
  const used = run.threadsUsed === 1 ? 'one thread' : `${run.threadsUsed} threads`;
  const say = (text: string) => out(wrap(text, width));
  say(`${mod.title}: ${n} games, ${describeBots(names)}, seeds ${seed}/1..${seed}/${n} (${used})`);
  say(
    `Rules: ${rulesFile} (${rulesHash.slice(0, 19)}...); options: ${Object.entries(spec.options)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  out(shares('Victory level', rep.levels));
  out(shares('Winner', rep.winners));
  // The designer's report: each figure on a line of its own (definitions: --help, and the JSON).
  out('Balance (share of games won, 95% interval):');
  for (const b of rep.balance) out(`  ${b.side}: ${withCI(b)}, ${b.count} of ${b.of}`);
  if (rep.firstMover) {
    const f = rep.firstMover as unknown as ShareCI & { meaning: string; note?: string };
    say(
      `First mover: won ${withCI(f)} of the games. First: ${f.meaning}.${f.note ? ` ${f.note[0].toUpperCase()}${f.note.slice(1)}.` : ''}`,
    );
  } else say(`First mover: none (${mod.sides.length === 1 ? 'a game played alone' : 'no side acts first by the rules'}).`);
  say(`Completion: ${withCI(rep.completion)} of the games ended by the rules; ${rep.completion.runaways} stopped at the step limit.`);
  if (rep.draws) say(`Draws: ${withCI(rep.draws)} of the finished games.`);
  const durations: [string, Report['duration']['turns']][] = [
    ['turns', rep.duration.turns],
    ['decisions', rep.duration.decisions],
  ];
  for (const [what, d] of durations) {
    if (!d) continue;
    out(`Duration in ${what}: min ${d.min}, median ${num(d.median)}, mean ${d.mean!.toFixed(1)}, max ${d.max}`);
    out(barChart(d.histogram, width));
  }
  if (rep.decisiveness && rep.decisiveness.games) {
    const d = rep.decisiveness;
    say(
      `Decisiveness: the winner took the lead for good after ${pct(d.mean!)} of the game's decisions on average (median ${pct(d.median!)}), over ${d.games} games won by a side.`,
    );
  } else {
    say(
      `Decisiveness: ${mod.sides.length === 1 ? 'none (a game played alone has no leader)' : typeof mod.score === 'function' ? 'no game was won by a side' : `none (${mod.id} gives no running score)`}`,
    );
  }
  // The game-specific figures: counts as min / median / mean / max; other values with their shares.
  const detailRows = Object.entries(rep.details).map(([k, rows]) => {
    const sp = rep.detailSpreads[k];
    const none = rows.find((r) => r.value === '(none)');
    if (sp)
      return [k, num(sp.min), num(sp.median), rep.detailMeans[k].toFixed(2), num(sp.max), none ? `not reached in ${pct(none.share)}` : ''];
    const shown = rows.slice(0, 3).map((r) => `${r.value}: ${pct(r.share)}`);
    if (rows.length > 3) shown.push(`... ${rows.length - 3} more`);
    return [k, '', '', '', '', shown.join(', ')];
  });
  // The last column only when some figure has values other than numbers.
  const others = detailRows.some((r) => r[5] !== '');
  const head = ['detail', 'min', 'median', 'mean', 'max', ...(others ? ['other values (share of games)'] : [])];
  if (detailRows.length)
    out(
      fitTable(
        head,
        detailRows.map((r) => (others ? r : r.slice(0, 5))),
        ctx,
        'Game details (--json has every value)',
      ),
    );
  const longest = rep.longestGame;
  // The command on lines of its own, broken (if at all) with shell continuations, so it can be copied whole.
  say(
    `Longest game: ${longest.steps} decisions (seed ${longest.seed}); watch it with (it saves ${mod.id}-${fileSafe(longest.seed)}.muster.json):`,
  );
  out(commandLines(replayCommand(mod, longest.seed, names, flags.option, flags.rules), width));
  say(`Shortest game: ${rep.shortestGame.steps} decisions (seed ${rep.shortestGame.seed}).`);
  if (saved) {
    say(`Sample records in ${flags.saveGames} (open them with ${commandName()} replay FILE):`);
    for (const s of saved) out(wrap(`  ${s.file}: ${s.why.join(', ')} (${s.decisions} decisions)`, width, 6));
  }
  if (check) out('Invariants held after every decision.');
  return 0;
}
