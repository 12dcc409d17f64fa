/**
 * What a choice led to, for `muster odds` (src/engine/module.ts, outcomeFacts): each side's Regiments
 * and Territory Markers after it, and the winner of a battle or siege decided on the way.
 */
import { SIDES, type EcwRules, type EcwState } from './state.js';

export function outcomeFacts(before: EcwState, after: EcwState, _rules: EcwRules): string[] {
  const facts: string[] = [];
  for (const side of SIDES) {
    const r0 = before.sides[side].regiments;
    const r1 = after.sides[side].regiments;
    if (r1 !== r0) facts.push(`${side}: ${r1} Regiments (${r1 > r0 ? '+' : ''}${r1 - r0})`);
    const t0 = before.sides[side].territory;
    const t1 = after.sides[side].territory;
    if (t1 !== t0) facts.push(`${side}: ${t1} Territory Markers (${t1 > t0 ? '+' : ''}${t1 - t0})`);
  }
  const b = after.battle;
  if (b?.revealed && !before.battle?.revealed) facts.push(b.winner ? `${b.winner} wins the ${b.segment}` : `the ${b.segment} is a tie`);
  if (after.over && !before.over) facts.push(after.winner ? `${after.winner} wins the war` : 'the war ends in a draw');
  return facts;
}
