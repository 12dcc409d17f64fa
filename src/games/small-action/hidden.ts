/**
 * For the secrets property test: a copy of the state in which what `side` may not know is changed
 * at random but legally: the other side's order cards, while they are face down (laid but not revealed).
 */
import { legalCards } from './orders.js';
import type { SaRules, SaState } from './types.js';

export function perturbHidden(state: SaState, side: string, rules: SaRules, rng: () => number): SaState {
  const s = structuredClone(state);
  void rules;
  if (s.revealed || s.stage !== 'orders') return s;
  s.sections.forEach((x, i) => {
    if (x.side === side || x.card === null || x.forcedWhy) return;
    const cards = legalCards(s, i);
    x.card = cards[Math.floor(rng() * cards.length)];
  });
  // The other side's tally of orders chosen so far is its secret too.
  s.stats.orders = Object.fromEntries(Object.entries(s.stats.orders).map(([k, n]) => [k, n + Math.floor(rng() * 3)]));
  return s;
}
