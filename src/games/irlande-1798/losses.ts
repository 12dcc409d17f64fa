/**
 * Losses (rulebook 2, 8.3): a loss flips a two-sided counter to its back, eliminates a one-sided one;
 * a United Irishmen counter loses one strength point (rule 6.2 builds it up point by point).
 */
import type { GameEnv } from '../../engine/module.js';
import { logText } from './flow.js';
import { hiddenFromEnglish } from './hidden.js';
import type { IrlRules, IrlState, UnitId } from './state.js';

/** Removes a unit from play; the log says so, with `why` when given ("cannot retreat"). */
export function eliminate(s: IrlState, rules: IrlRules, u: UnitId, env: GameEnv, why?: string): void {
  // A unit of Humbert's hidden stack is named as it goes (13.2 counts it): a reveal, past which no
  // decision is taken back (humbert-combat=hidden; a newcomer undid the choice that had shown it).
  if (hiddenFromEnglish(s, rules, u)) env.reveal?.();
  const st = s.units[u];
  st.place = 'eliminated';
  st.hex = null;
  st.routed = false;
  st.strength = 0;
  logText(env, `${rules.index.unit[u].name} ${why ? `${why} and ` : ''}is eliminated.`, 'bad', rules.index.unit[u].side);
}

/** One loss (a step) for a unit. Returns true when the unit is eliminated by it. */
export function loseStep(s: IrlState, rules: IrlRules, u: UnitId, env: GameEnv): boolean {
  const d = rules.index.unit[u];
  const st = s.units[u];
  if (d.variable) {
    st.strength--;
    if (st.strength > 0) {
      logText(env, `${d.name} loses a strength point (now ${st.strength}).`, 'bad', d.side);
      return false;
    }
  } else if (d.reduced !== null && st.strength === d.full) {
    st.strength = d.reduced;
    // Rule 5: a unit hidden in Humbert's stack (humbert-combat=hidden) is neither named nor its strength given.
    if (hiddenFromEnglish(s, rules, u)) logText(env, "A unit of Humbert's stack loses a step.", 'bad', d.side);
    else logText(env, `${d.name} loses a step (now ${st.strength} SP).`, 'bad', d.side);
    return false;
  }
  eliminate(s, rules, u, env);
  return true;
}
