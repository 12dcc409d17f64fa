/** Bots every game shares. A game's own bots (heuristic ones) live in its folder. */
import type { Bot, Decision, GameModule } from './module.js';

/**
 * The random bot: one of the offered options, uniformly, from the engine's generator. It reads no
 * view, so the engine builds none for it (architecture: a view only when a decider reads it).
 */
export const randomBot: Bot<unknown> = Object.assign(
  (_view: unknown, d: Decision, rng: () => number) => d.options[Math.floor(rng() * d.options.length)].id,
  {
    ignoresView: true,
  },
);

/** What `bot` decides from: `side`'s view, or nothing for a bot that reads none. */
export function viewFor<S>(mod: GameModule<S, unknown, unknown>, bot: Bot<unknown>, state: S, side: string, rules: unknown): unknown {
  return bot.ignoresView ? undefined : mod.view(state, side, rules);
}
