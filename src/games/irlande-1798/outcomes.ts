/**
 * What a choice led to, for `muster odds` (src/engine/module.ts, outcomeFacts): the fate of each
 * counter the outcome touched, in the players' words, without the detail that splits outcomes
 * needlessly (a morale die's value, where exactly a unit went): "Carabiniers (0909): eliminated".
 * The losses and retreats the rules leave to a player's choice (rulebook 8.3), still to be made when
 * the outcome ends, are said as such: "French: 1 step to lose, their choice".
 * Odds are given on finished games (or with --all): the units are named by their real names.
 */
import { unitData } from './map.js';
import type { IrlRules, IrlState } from './state.js';

const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`;
const points = (n: number) => `${n} strength point${n === 1 ? '' : 's'}`;

/** One fact per counter that changed (in the rules data's order), then the choices still pending. */
export function outcomeFacts(before: IrlState, after: IrlState, rules: IrlRules): string[] {
  const facts: string[] = [];
  for (const d of rules.units) {
    const b = before.units[d.id];
    const a = after.units[d.id];
    if (b.place !== 'map' && b.place !== 'sea') {
      if (a.place === 'map') facts.push(`${d.name}: comes onto the map at ${a.hex}`);
      continue;
    }
    const who = `${d.name} (${b.place === 'sea' ? 'at sea' : b.hex})`;
    if (a.place === 'eliminated') {
      facts.push(`${who}: eliminated`);
      continue;
    }
    // 2, 8.3: a two-sided counter flips (a step); a United Irishmen counter loses strength points.
    if (a.strength < b.strength) facts.push(`${who}: loses ${d.variable ? points(b.strength - a.strength) : steps(1)}`);
    if (a.routed && !b.routed) facts.push(`${who}: routed`);
    if (!a.routed && b.routed) facts.push(`${who}: rallied`);
    if (a.hex !== b.hex && !(a.routed && !b.routed)) facts.push(`${who}: left its hex`);
  }
  for (const g of rules.generals) {
    const b = before.generals[g.id];
    const a = after.generals[g.id];
    if (b.place !== 'map') continue;
    if (a.place === 'eliminated') facts.push(`${g.name} (${b.hex}): captured`);
    else if (a.hex !== b.hex) facts.push(`${g.name} (${b.hex}): left his hex`);
  }
  // Choices the outcome stops at: the owner's pick of losses (8.3) and of retreats.
  const was = new Set(before.tasks.map((t) => JSON.stringify(t)));
  for (const t of after.tasks) {
    if (was.has(JSON.stringify(t))) continue;
    if (t.kind === 'loss') facts.push(`${t.side}: ${steps(t.count)} to lose, their choice`);
    if (t.kind === 'retreat' && after.units[t.unit].place === 'map')
      facts.push(`${unitData(rules, t.unit).name} (${before.units[t.unit].hex}): to retreat, its owner's choice`);
  }
  return facts;
}
