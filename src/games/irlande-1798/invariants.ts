/** Invariants for fuzzing and `check`: stacking, one place per counter, strengths within their counters, control of every VP hex. */
import { stackingProblems } from './stacking.js';
import type { IrlRules, IrlState } from './state.js';

export function checkInvariants(s: IrlState, rules: IrlRules): string[] {
  const bad = stackingProblems(s, rules);
  for (const u of rules.units) {
    const st = s.units[u.id];
    if (!st) {
      bad.push(`${u.id} missing`);
      continue;
    }
    const onBoard = st.place === 'map' || st.place === 'sea';
    if (onBoard !== (st.hex !== null)) bad.push(`${u.id} is ${st.place} with hex ${st.hex}`);
    if (st.hex && !rules.index.hex[st.hex]) bad.push(`${u.id} in unknown hex ${st.hex}`);
    if (onBoard) {
      const ok = u.variable
        ? st.strength >= 1 && st.strength <= u.full
        : st.strength === u.full || (u.reduced !== null && st.strength === u.reduced);
      if (!ok) bad.push(`${u.id} has strength ${st.strength}`);
    }
    if (st.routed && st.place !== 'map' && st.place !== 'sea') bad.push(`${u.id} routed while ${st.place}`);
    if (st.place === 'sea' && s.landed) bad.push(`${u.id} at sea after the landing`);
  }
  for (const t of rules.victory.towns)
    if (s.control[t.hex] !== 'French' && s.control[t.hex] !== 'English') bad.push(`no controller for ${t.hex}`);
  if (s.turn < 1 || s.turn > rules.turns.count) bad.push(`turn ${s.turn}`);
  if (s.over && s.stage !== 'over') bad.push('over but a stage pending');
  return bad;
}
