/**
 * Forced decisions: a decision with a single legal option (a card window where the side holds nothing
 * it may play, a declaration the rules dictate). Modules still return them, so who is asked never
 * depends on hidden information; the engine applies them without asking anyone and without recording
 * them as choices (architecture.md, "Secrets"; src/engine/runner.ts, Forced).
 */
import type { Decision, GameEnv, GameModule } from './module.js';

/**
 * Applies forced decisions until a real one (two or more options) is pending or the game is over.
 * Calls `onForced` before applying each. Returns the pending decision (null: game over).
 */
export function applyForced<S>(
  mod: GameModule<S, unknown, unknown>,
  state: S,
  env: GameEnv,
  onForced?: (d: Decision) => void,
): Decision | null {
  for (;;) {
    const d = mod.decision(state, env.rules);
    if (!d || d.options.length !== 1) return d;
    onForced?.(d);
    env.pending = d;
    mod.apply(state, d.options[0].id, env);
    env.pending = undefined;
  }
}
