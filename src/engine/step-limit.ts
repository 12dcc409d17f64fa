/**
 * The step limit every game has (style.md: Rally the Troops' fuzzer flags runaway games): a game
 * that has not ended after its module's `stepLimit` decisions is stopped, and the module says which
 * rules data kept it going. Rules data that can never end is refused when loaded (each module's
 * cross-checks); the limit catches what a check cannot foresee.
 */
import type { AnyGameModule } from './module.js';
import { groupDigits } from './quote.js';

/** Decisions allowed to a module that names no limit of its own. */
export const DEFAULT_STEP_LIMIT = 100_000;

/** The module's step limit (decisions). */
export function stepLimitOf(mod: AnyGameModule): number {
  return mod.stepLimit ?? DEFAULT_STEP_LIMIT;
}

/** Whether a game of `decisions` decisions has reached its module's limit. */
export function atStepLimit(mod: AnyGameModule, decisions: number): boolean {
  return decisions >= stepLimitOf(mod);
}

/** "English Civil War did not end within its step limit of 10,000 decisions: <the module's reason>". */
export function runawayMessage(mod: AnyGameModule, state: unknown, rules: unknown, limit = stepLimitOf(mod)): string {
  const why = mod.runaway?.(state, rules) ?? 'the module gives no reason; check the rules data given with --rules';
  return `${mod.title} did not end within its step limit of ${groupDigits(limit)} decisions: ${why}`;
}
