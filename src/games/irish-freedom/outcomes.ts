/**
 * What a choice led to, for `muster odds` (src/engine/module.ts, outcomeFacts): the fate of every
 * counter the outcome touched, in the players' words, without the detail that splits outcomes
 * needlessly (where exactly a unit retreated to).
 */
import { mapOf, unitLabel } from './map.js';
import type { IFRules, IFState } from './state.js';

/**
 * One fact per counter that changed: "Green Guerrilla u16 (Kerry 3-4 Townland): eliminated",
 * "…: retreated (moved out of its Area)", "…: became a Blue Regular"; and one per new counter.
 */
export function outcomeFacts(before: IFState, after: IFState, rules: IFRules): string[] {
  const m = mapOf(rules);
  const now = new Map(after.units.map((u) => [u.id, u]));
  const facts: string[] = [];
  for (const u of before.units) {
    const a = now.get(u.id);
    const who = unitLabel(m, u);
    if (!a) facts.push(`${who}: eliminated`);
    else if (a.type !== u.type || a.colour !== u.colour) facts.push(`${who}: became ${unitLabel(m, a, false).replace(/ u\d+$/, '')}`);
    else if (a.area !== u.area) facts.push(`${who}: left its Area`);
  }
  const was = new Set(before.units.map((u) => u.id));
  for (const u of after.units) if (!was.has(u.id)) facts.push(`new: ${unitLabel(m, u)}`);
  return facts;
}
