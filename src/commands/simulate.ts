/**
 * `muster simulate <game> --games N [--seed S] [--bot NAME] [--json]`: bot playouts on every side
 * and a summary. Game k (1-based) is played with the seed "S/k", so any game can be watched again with
 * `muster play <game> --seed S/k --bot NAME`.
 */
import { playout } from '../engine/playout.js';
import { resolveOptions } from '../engine/runner.js';
import { detailDistributions, detailMeans, METRICS, type Share } from '../engine/stats.js';
import type { Outcome } from '../engine/module.js';
import { table } from '../ui/table.js';
import { CliError, loadGame, out, renderContext, useColor } from './common.js';

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
  const { mod, rules } = await loadGame(game, flags.rules);
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
  const summary: Record<string, unknown> = { game: mod.id, bot: botName, seed, options };
  for (const m of METRICS) summary[m.name] = m.compute(outcomes);
  summary.details = detailDistributions(outcomes);
  summary.detailMeans = detailMeans(outcomes);
  summary.longestGame = longest;
  summary.definitions = {
    ...Object.fromEntries(METRICS.map((m) => [m.name, m.definition])),
    details: 'for each game-specific figure (e.g. the Treaty turn): count and share of games per value',
    detailMeans: 'for each numeric game-specific figure: its mean over the games that report it',
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
  out(`${mod.title}: ${n} games, ${botName} bot on every side, seeds ${seed}/1..${seed}/${n}, options ${JSON.stringify(options)}`);
  out(shares('Victory level', summary.levels as Share[]));
  out(shares('Winner', summary.winners as Share[]));
  const avgT = summary.averageTurns as number | null;
  const avgP = summary.averagePoints as number | null;
  out(`Average turns: ${avgT === null ? '-' : avgT.toFixed(2)}    Average victory points: ${avgP === null ? '-' : avgP.toFixed(2)}`);
  // One compact table of the game-specific figures: each value with its share, and the mean.
  const means = summary.detailMeans as Record<string, number>;
  const detailRows = Object.entries(summary.details as Record<string, Share[]>).map(([k, rows]) => {
    const shown = rows.slice(0, 4).map((r) => `${r.value}: ${pct(r.share)}`);
    if (rows.length > 4) shown.push(`… ${rows.length - 4} more`);
    return [k, shown.join(', '), k in means ? means[k].toFixed(2) : '-'];
  });
  if (detailRows.length) out(table(['detail', 'share of games per value', 'mean'], detailRows, ctx, 'Game details'));
  out(`Longest game: ${longest.steps} decisions (seed ${longest.seed}).`);
  return 0;
}
