/**
 * `muster simulate <game> --games N [--seed S] [--bot NAME] [--json]`: bot playouts on every side
 * and a summary. Game k (1-based) is played with the seed "S/k", so any game can be watched again with
 * `muster play <game> --seed S/k --bot NAME`.
 */
import { playout } from '../engine/playout.js';
import { resolveOptions } from '../engine/runner.js';
import { detailDistributions, detailMeans, detailSpreads, metrics, spread, type Share } from '../engine/stats.js';
import type { Outcome } from '../engine/module.js';
import { table } from '../ui/table.js';
import { fileSafe } from './play.js';
import { CliError, commandName, loadGame, out, renderContext, useColor } from './common.js';

export interface SimulateFlags {
  games?: string;
  seed?: string;
  bot?: string;
  option?: Record<string, string>;
  json?: boolean;
  color?: boolean;
  rules?: string;
}

export async function simulateCommand(game: string, flags: SimulateFlags): Promise<number> {
  const { mod, rules, rulesHash } = await loadGame(game, flags.rules);
  const METRICS = metrics(mod.sides);
  const rulesFile = flags.rules ?? `rules/${mod.rulesName}.json`;
  const n = Number(flags.games ?? '100');
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) throw new CliError(`--games wants a whole number from 1, not "${flags.games}"`);
  const botName = flags.bot ?? 'random';
  const bot = mod.bots[botName];
  if (!bot) throw new CliError(`${mod.id} has no bot "${botName}"; bots: ${Object.keys(mod.bots).join(', ')}`);
  const options = resolveOptions(mod, flags.option);
  const seed = flags.seed ?? 'muster';
  const bots = Object.fromEntries(mod.sides.map((s) => [s, bot]));
  const outcomes: Outcome[] = [];
  let longest = { steps: 0, seed: '' };
  for (let k = 1; k <= n; k++) {
    const gameSeed = `${seed}/${k}`;
    const r = playout(mod, rules, { seed: gameSeed, options, bots });
    outcomes.push(r.outcome);
    if (r.steps > longest.steps) longest = { steps: r.steps, seed: gameSeed };
  }
  const summary: Record<string, unknown> = { game: mod.id, bot: botName, seed, options, rules: { file: rulesFile, hash: rulesHash } };
  for (const m of METRICS) summary[m.name] = m.compute(outcomes);
  summary.details = detailDistributions(outcomes);
  summary.detailMeans = detailMeans(outcomes);
  summary.detailSpreads = detailSpreads(outcomes);
  summary.turnSpread = spread(outcomes.map((o) => o.turns).filter((t): t is number => typeof t === 'number'));
  summary.longestGame = longest;
  summary.definitions = {
    ...Object.fromEntries(METRICS.map((m) => [m.name, m.definition])),
    details: 'for each game-specific figure (e.g. the Treaty turn): count and share of games per value',
    detailMeans: 'for each numeric game-specific figure: its mean over the games that report it',
    detailSpreads: 'for each numeric game-specific figure: its minimum, median and maximum over the games that report it',
    turnSpread: 'minimum, median and maximum of the turns each game lasted',
    rules: 'the rules data file the games were played with, and its hash',
    longestGame: 'the game with the most decisions, and its seed',
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
  const run = commandName();
  out(`Longest game: ${longest.steps} decisions (seed ${longest.seed}); watch it with: ${run} play ${mod.id} --seed ${longest.seed} --bot ${botName}` +
    `${mod.sides.length > 1 ? ` --vs ${botName}` : ''}${Object.entries(options).filter(([k, v]) => mod.optionsSpec.find((o) => o.key === k)?.default !== v).map(([k, v]) => ` -o ${k}=${v}`).join('')} (saved as ${mod.id}-${fileSafe(longest.seed)}.muster.json)`);
  return 0;
}
