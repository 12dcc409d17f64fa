/**
 * The secrets property (architecture.md, "Secrets"): change every part of the state a side may not
 * know (the module's perturbHidden) and check that the side's whole output — its view, its screen at
 * 80 and 120 columns, its status line, and its pending prompt and options — does not move. Used by the
 * shared test battery and by `muster check`.
 */
import type { GameModule } from './module.js';

/**
 * Compares what `side` is shown of `state` and of a perturbed copy. Returns what differs (the first
 * part that does), or null when nothing does. `screens`: also compare the rendered screens (they cost
 * milliseconds). Throws Error when the module has no perturbHidden.
 */
export function secretLeak<S>(
  mod: GameModule<S, unknown, unknown>,
  rules: unknown,
  state: S,
  side: string,
  rng: () => number,
  screens = true,
): { leak: string | null; changed: boolean } {
  if (!mod.perturbHidden) throw new Error(`${mod.id} has hidden information but no perturbHidden`);
  const t = mod.perturbHidden(structuredClone(state), side, rules, rng);
  const changed = JSON.stringify(t) !== JSON.stringify(state);
  const a = mod.view(state, side, rules);
  const b = mod.view(t, side, rules);
  const diff = (what: string, x: string, y: string) => (x === y ? null : `${side}'s ${what} changes with what it may not know`);
  let leak = diff('view', JSON.stringify(a), JSON.stringify(b));
  for (const width of screens ? [80, 120] : []) {
    leak ??= diff(
      `screen at ${width} columns`,
      mod.render(a, { color: false, width, height: 20 }),
      mod.render(b, { color: false, width, height: 20 }),
    );
  }
  if (mod.status) leak ??= diff('status line', mod.status(a, 80), mod.status(b, 80));
  const da = mod.decision(state, rules);
  const db = mod.decision(t, rules);
  leak ??= diff('turn order (who decides, in which phase)', `${da?.side} ${da?.phase}`, `${db?.side} ${db?.phase}`);
  if (da?.side === side) leak ??= diff('prompt and options', JSON.stringify(da), JSON.stringify(db));
  return { leak, changed };
}
