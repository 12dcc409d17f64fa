/**
 * A worker thread of `simulate` and `compare` (src/engine/sim-pool.ts, src/commands/pool.ts): loads
 * the game and each rules file once, then plays the chunks of games it is given as the main thread
 * would — simulate's with src/engine/sim-run.ts runChunk, compare's (both arms) with
 * src/engine/compare.ts runCompareChunk.
 */
import type { AnyGameModule } from '../engine/module.js';
import { loadRules } from '../engine/rules.js';
import { runCompareChunk } from '../engine/compare.js';
import { runChunk } from '../engine/sim-run.js';
import { findGame } from '../games/index.js';
import type { PoolTask } from './pool.js';

/** The game with each rules file of this worker, loaded on its first chunk (one game per run; compare's arms may have two files). */
const loaded = new Map<string, Promise<{ mod: AnyGameModule; rules: unknown }>>();

function load(game: string, rulesFile: string | undefined) {
  const key = JSON.stringify([game, rulesFile ?? null]);
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      const entry = findGame(game);
      if (!entry) throw new Error(`unknown game ${game}`);
      const mod = await entry.load();
      const { rules } = await loadRules(mod, rulesFile);
      return { mod, rules };
    })();
    loaded.set(key, p);
  }
  return p;
}

export default async function playChunk(task: PoolTask) {
  if (task.kind === 'simulate') {
    const { mod, rules } = await load(task.spec.game, task.spec.rulesFile);
    return runChunk(mod, rules, task.spec, task.from, task.to);
  }
  const a = await load(task.spec.game, task.spec.a.rulesFile);
  const b = await load(task.spec.game, task.spec.b.rulesFile);
  return runCompareChunk(a.mod, a.rules, b.rules, task.spec, task.from, task.to);
}
