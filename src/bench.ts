/**
 * `npm run bench`: the speed goals, measured (not asserted).
 * - Random-bot full-game playouts per second, per game, on one core.
 *   Goal for Irish Freedom (war=campaign): at least 5,000 per second.
 * - `muster list` start-up time against bare `node -e 0`. Goal: within 1.5×.
 * Usage: node dist/bench.js [--seconds S] [--json]
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playout } from './engine/playout.js';
import { loadRules } from './engine/rules.js';
import { resolveOptions } from './engine/runner.js';
import { GAMES } from './games/index.js';

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 3;
const json = args.includes('--json');

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeCommand(cmd: string, argv: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, argv, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(times);
}

const results: Record<string, unknown> = {};
for (const g of GAMES) {
  const mod = await g.load();
  const { rules } = await loadRules(mod);
  const options = resolveOptions(mod, g.meta.id === 'irish-freedom' ? { war: 'campaign' } : {});
  const bots = Object.fromEntries(mod.sides.map((s) => [s, mod.bots.random]));
  // Warm up, then count whole games for `seconds`.
  for (let k = 0; k < 200; k++) playout(mod, rules, { seed: `warm/${k}`, options, bots });
  let games = 0;
  let steps = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (let k = 0; k < 50; k++) steps += playout(mod, rules, { seed: `bench/${games++}`, options, bots }).steps;
  }
  const elapsed = (performance.now() - t0) / 1000;
  const mem = process.memoryUsage().heapUsed / 2 ** 20;
  results[g.meta.id] = { playoutsPerSecond: Math.round(games / elapsed), decisionsPerGame: +(steps / games).toFixed(1), games, heapMiB: +mem.toFixed(1) };
  if (!json) {
    console.log(`${g.meta.id}: ${Math.round(games / elapsed)} random-bot playouts/s (${games} games in ${elapsed.toFixed(1)} s, ${(steps / games).toFixed(1)} decisions per game, heap ${mem.toFixed(1)} MiB)`);
  }
}

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'muster');
const bare = timeCommand(process.execPath, ['-e', '0'], 15);
const list = timeCommand(process.execPath, [bin, 'list'], 15);
results.startup = { nodeBareMs: +bare.toFixed(1), musterListMs: +list.toFixed(1), ratio: +(list / bare).toFixed(2), goalRatio: 1.5 };
if (json) console.log(JSON.stringify(results, null, 2));
else {
  console.log(`start-up: muster list ${list.toFixed(1)} ms, bare node ${bare.toFixed(1)} ms: ${(list / bare).toFixed(2)}× (goal ≤ 1.5×)`);
  const ifr = results['irish-freedom'] as { playoutsPerSecond: number } | undefined;
  if (ifr) console.log(`goal: Irish Freedom ≥ 5000 playouts/s — ${ifr.playoutsPerSecond >= 5000 ? 'met' : 'NOT met'}`);
}
