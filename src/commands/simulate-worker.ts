/**
 * A worker thread of `simulate` (src/engine/sim-pool.ts): loads the game and its rules once, then
 * plays the chunks of games it is given (src/engine/sim-run.ts runChunk), as the main thread would.
 */
import type { AnyGameModule } from '../engine/module.js';
import { loadRules } from '../engine/rules.js';
import { runChunk, type ChunkResult, type SimSpec } from '../engine/sim-run.js';
import { findGame } from '../games/index.js';

/** The game and rules of this worker, loaded on its first chunk (one game per run). */
let loaded: Promise<{ mod: AnyGameModule; rules: unknown }> | undefined;

async function load(spec: SimSpec) {
  const entry = findGame(spec.game);
  if (!entry) throw new Error(`unknown game ${spec.game}`);
  const mod = await entry.load();
  const { rules } = await loadRules(mod, spec.rulesFile);
  return { mod, rules };
}

export default async function playChunk(task: { spec: SimSpec; from: number; to: number }): Promise<ChunkResult> {
  loaded ??= load(task.spec);
  const { mod, rules } = await loaded;
  return runChunk(mod, rules, task.spec, task.from, task.to);
}
