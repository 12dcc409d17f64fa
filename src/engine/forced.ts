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
 *
 * `handed`: what the module's `apply` just returned for `state` (GameModule.apply): a decision it
 * built for the state it left (or null, the game over) is used as this state's, instead of asking
 * `decision` again; undefined: `decision` is asked. Only a caller that has not changed `state` since
 * that `apply` may pass it. The decisions of the forced steps' own `apply` calls are used the same way.
 */
export function applyForced<S>(
  mod: GameModule<S, unknown, unknown>,
  state: S,
  env: GameEnv,
  onForced?: (d: Decision) => void,
  handed?: Decision | null | void,
): Decision | null {
  let d = handed === undefined ? mod.decision(state, env.rules) : handed;
  for (;;) {
    if (!d || d.options.length !== 1) return d;
    onForced?.(d);
    env.pending = d;
    const next = mod.apply(state, d.options[0].id, env);
    env.pending = undefined;
    d = next === undefined ? mod.decision(state, env.rules) : next;
  }
}
