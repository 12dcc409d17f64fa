/**
 * `muster simulate <game> --games N [--seed S] [--bot NAME] [--json] [--no-check]`: bot playouts on
 * every side and a summary. Game k (1-based) is played with the seed "S/k", so any game can be watched
 * again with `muster play <game> --seed S/k --bot NAME` (and `--vs NAME` for two sides).
 * The module's invariants are checked after every decision (unless --no-check): a broken one stops
 * the run with exit 1, naming the seed and the decision. A game that reaches the module's step limit
 * is counted unfinished and reported (stderr and `runawayGames`), never an internal error.
 */
import { playout } from '../engine/playout.js';
import { resolveOptions } from '../engine/runner.js';
import { detailDistributions, detailMeans, detailSpreads, metrics, spread, type Share } from '../engine/stats.js';
import type { GameModule, Outcome } from '../engine/module.js';
import { table } from '../ui/table.js';
import { fileSafe } from './play.js';
import { CliError, commandName, errOut, loadGame, out, renderContext, useColor } from './common.js';
import { quote } from '../engine/quote.js';

export interface SimulateFlags {
  games?: string;
  seed?: string;
  bot?: string;
  option?: Record<string, string>;
  json?: boolean;
  color?: boolean;
  rules?: string;
  /** false with --no-check: skip the invariants after every step (faster). */
  check?: boolean;
}

/** The command that plays game `seed` again as simulate played it. */
function replayCommand(mod: GameModule<any, any, any>, seed: string, bot: string, given: Record<string, string> | undefined, rules?: string): string {
  const opts = Object.entries(given ?? {}).map(([k, v]) => ` --option ${k}=${v}`).join('');
  const vs = mod.sides.length > 1 ? ` --vs ${bot}` : '';
  return `${commandName()} play ${mod.id} --seed ${seed} --bot ${bot}${vs}${opts}${rules ? ` --rules ${rules}` : ''}`;
}

/** What `simulateGames` plays: `n` games with seeds `seed/1`..`seed/n`, one bot on every side. */
export interface SimulateConfig {
  n: number;
  seed: string;
  botName: string;
  /** Options as given (for the replay command in messages); defaults are filled in here. */
  given?: Record<string, string>;
  /** Check the invariants after every decision (default true). */
  check?: boolean;
  /** The --rules file, for the replay command in messages. */
  rulesFile?: string;
}

export interface SimulateRun {
  outcomes: Outcome[];
  longest: { steps: number; seed: string };
  runaways: { count: number; first: null | { seed: string; reason: string } };
}

/**
 * Plays the games. Throws CliError (exit 1) when an invariant breaks, naming the game, its seed, the
 * decision and the command that plays it again. A game at the step limit is counted, never thrown.
 */
export function simulateGames(mod: GameModule<any, any, any>, rules: unknown, cfg: SimulateConfig): SimulateRun {
  const bot = Object.hasOwn(mod.bots, cfg.botName) ? mod.bots[cfg.botName] : undefined;
  if (!bot) throw new CliError(`${mod.id} has no bot ${quote(cfg.botName)}; bots: ${Object.keys(mod.bots).join(', ')}`);
  const options = resolveOptions(mod, cfg.given);
  const bots = Object.fromEntries(mod.sides.map((s) => [s, bot]));
  const outcomes: Outcome[] = [];
  let longest = { steps: 0, seed: '' };
  const runaways: SimulateRun['runaways'] = { count: 0, first: null };
  for (let k = 1; k <= cfg.n; k++) {
    const gameSeed = `${cfg.seed}/${k}`;
    const afterStep = cfg.check === false
      ? undefined
      : (state: unknown, step: number) => {
          const broken = mod.invariants(state, rules);
          if (broken.length) {
            throw new CliError(
              `an invariant of ${mod.id} broke in game ${k} (seed ${gameSeed}) after decision ${step}: ${broken.join('; ')}. ` +
                `Play it again with: ${replayCommand(mod, gameSeed, cfg.botName, cfg.given, cfg.rulesFile)}`,
              1,
            );
          }
        };
    const r = playout(mod, rules, { seed: gameSeed, options, bots, afterStep });
    outcomes.push(r.outcome);
    if (r.steps > longest.steps) longest = { steps: r.steps, seed: gameSeed };
    if (r.runaway) {
      runaways.count++;
      runaways.first ??= { seed: gameSeed, reason: r.runaway };
    }
  }
  return { outcomes, longest, runaways };
}

export async function simulateCommand(game: string, flags: SimulateFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  const METRICS = metrics(mod.sides);
  const rulesFile = flags.rules ?? `rules/${mod.rulesName}.json`;
  const n = Number(flags.games ?? '100');
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new CliError(`--games wants a whole number from 1, not ${quote(String(flags.games))}`);
  const botName = flags.bot ?? 'random';
  const seed = flags.seed ?? 'muster';
  const options = resolveOptions(mod, flags.option);
  const check = flags.check !== false;
  const { outcomes, longest, runaways } = simulateGames(mod, rules, { n, seed, botName, given: flags.option, check, rulesFile: flags.rules });
  if (runaways.first) {
    errOut(
      `muster: warning: ${runaways.count} of ${n} games did not end (the first: seed ${runaways.first.seed}): ${runaways.first.reason}. ` +
        'They count as unfinished in the figures below.',
    );
  }
  const summary: Record<string, unknown> = { game: mod.id, bot: botName, seed, options, rules: { file: rulesFile, hash: rulesHash } };
  for (const m of METRICS) summary[m.name] = m.compute(outcomes);
  summary.details = detailDistributions(outcomes);
  summary.detailMeans = detailMeans(outcomes);
  summary.detailSpreads = detailSpreads(outcomes);
  summary.turnSpread = spread(outcomes.map((o) => o.turns).filter((t): t is number => typeof t === 'number'));
  summary.longestGame = longest;
  summary.runawayGames = { count: runaways.count, first: runaways.first };
  summary.invariantsChecked = check;
  summary.definitions = {
    ...Object.fromEntries(METRICS.map((m) => [m.name, m.definition])),
    details: 'for each game-specific figure (e.g. the Treaty turn): count and share of games per value',
    detailMeans: 'for each numeric game-specific figure: its mean over the games that report it',
    detailSpreads: 'for each numeric game-specific figure: its minimum, median and maximum over the games that report it',
    turnSpread: 'minimum, median and maximum of the turns each game lasted',
    rules: 'the rules data file the games were played with, and its hash',
    longestGame: 'the game with the most decisions, and its seed',
    runawayGames: "games stopped unfinished at the module's step limit, and the first of them with the reason",
    invariantsChecked: "whether the module's invariants were checked after every decision (off with --no-check)",
  };
  if (flags.json) {
    out(JSON.stringify(summary, null, 2));
    return 0;
  }
  const ctx = renderContext(useColor(flags.color));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const shares = (title: string, rows: Share[]) =>
    table(['', 'games', 'share'], rows.map((r) => [r.value, String(r.count), pct(r.share)]), ctx, title);
  out(`${mod.title}: ${n} games, ${botName} bot on every side, seeds ${seed}/1..${seed}/${n}`);
  out(`Rules: ${rulesFile} (${rulesHash.slice(0, 19)}…); options: ${Object.entries(options).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  out(shares('Victory level', summary.levels as Share[]));
  out(shares('Winner', summary.winners as Share[]));
  const avgT = summary.averageTurns as number | null;
  const avgP = summary.averagePoints as number | null;
  const ts = summary.turnSpread as { min: number; median: number; max: number } | null;
  out(`Turns: mean ${avgT === null ? '-' : avgT.toFixed(2)}${ts ? `, min ${ts.min}, median ${ts.median}, max ${ts.max}` : ''}` +
    (avgP === null ? '' : `    Victory points: mean ${avgP.toFixed(2)}`));
  // The game-specific figures: counts as min / median / mean / max; other values with their shares.
  const means = summary.detailMeans as Record<string, number>;
  const spreads = summary.detailSpreads as Record<string, { min: number; median: number; max: number }>;
  const detailRows = Object.entries(summary.details as Record<string, Share[]>).map(([k, rows]) => {
    const sp = spreads[k];
    const none = rows.find((r) => r.value === '(none)');
    if (sp) return [k, String(sp.min), String(sp.median), means[k].toFixed(2), String(sp.max), none ? `not reached in ${pct(none.share)}` : ''];
    const shown = rows.slice(0, 3).map((r) => `${r.value}: ${pct(r.share)}`);
    if (rows.length > 3) shown.push(`… ${rows.length - 3} more`);
    return [k, '', '', '', '', shown.join(', ')];
  });
  if (detailRows.length) out(table(['detail', 'min', 'median', 'mean', 'max', 'other values (share of games)'], detailRows, ctx, 'Game details (--json has every value)'));
  out(`Longest game: ${longest.steps} decisions (seed ${longest.seed}); watch it with: ${replayCommand(mod, longest.seed, botName, flags.option, flags.rules)} ` +
    `(saved as ${mod.id}-${fileSafe(longest.seed)}.muster.json)`);
  if (check) out('Invariants held after every decision.');
  return 0;
}
