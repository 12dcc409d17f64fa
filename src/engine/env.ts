/** Builds the `GameEnv` a module's `setup`/`apply` receives. */
import type { Dice } from './dice.js';
import type { GameEnv, LogEntry } from './module.js';

/**
 * An env over `dice`. Log entries go to `sink` (dropped when absent); `verbose` defaults to
 * whether there is a sink, so batch playouts skip building log text.
 */
export function makeEnv<R = unknown>(dice: Dice, sink?: (e: LogEntry) => void, verbose = sink !== undefined, rules?: R): GameEnv<R> {
  return {
    dice,
    rules: rules as R,
    verbose,
    reveal: () => {},
    log: sink ? (e) => sink(typeof e === 'string' ? { kind: 'text', text: e } : e) : () => {},
  };
}
