/**
 * A general left without his units after a combat (rulebook 8.3): where he may go, and when he is
 * captured.
 */
import { neighboursOf, positionsOf, unitsIn, type Positions } from './map.js';
import { commands, mayStand } from './stacking.js';
import type { GeneralId, HexId, IrlRules, IrlState, UnitId } from './state.js';

/** A general left without a unit of his command (rulebook 8.3): the hexes he may join, or none (captured); `at`: who stands where. */
export function strandedGeneral(s: IrlState, rules: IrlRules, at: Positions): { general: GeneralId; candidates: HexId[] } | null {
  for (const g of rules.generals) {
    const gs = s.generals[g.id];
    if (gs.place !== 'map') continue;
    const here = gs.hex!;
    if (unitsIn(at, rules, here).some((u) => commands(rules, g.id, u))) continue;
    // He follows units that left his hex (a general moves with his routing unit, 9.2), or joins adjacent ones.
    const followed = (s.departures[here] ?? []).filter(
      (h) => h !== 'off' && unitsIn(at, rules, h).some((u) => commands(rules, g.id, u)) && mayStand(s, rules, at, h, [], [g.id]),
    );
    const near = neighboursOf(rules, here).filter(
      (h) => unitsIn(at, rules, h).some((u) => commands(rules, g.id, u)) && mayStand(s, rules, at, h, [], [g.id]),
    );
    return { general: g.id, candidates: [...new Set(followed.length ? followed : near)].sort() };
  }
  return null;
}

/**
 * Why a general is captured (8.3, rules/irlande-1798.md "A general left alone"): his units are gone
 * from his hex and the hexes next to it, or they stand where he may not (stacking, 2 and 5).
 */
export function strandedWhy(s: IrlState, rules: IrlRules, g: GeneralId): string {
  const at = positionsOf(s, rules);
  const here = s.generals[g].hex!;
  const theirs = [...new Set([...(s.departures[here] ?? []), ...neighboursOf(rules, here)])]
    .filter((h) => h !== 'off' && unitsIn(at, rules, h).some((u) => commands(rules, g, u)))
    .sort();
  return theirs.length
    ? `may not stand with his units at ${theirs.join(', ')} (stacking) and has no other unit of his command in his hex or next to it`
    : 'is left without any unit of his command in his hex or next to it';
}

/**
 * For a retreat or rout option's label, read only when shown: " - <general> is captured" when moving
 * `u` to `to` would leave a general with no unit of his command he may join (taskStep, 8.3), in the
 * state as it stands (units still to retreat from his hex keep him company). Works on a copy.
 */
export function capturedIfMoved(s: IrlState, rules: IrlRules, u: UnitId, to: HexId | 'off'): string {
  const copy = structuredClone(s);
  const from = copy.units[u].hex!;
  if (to === 'off') copy.units[u] = { ...copy.units[u], place: 'eliminated', hex: null };
  else copy.units[u].hex = to;
  (copy.departures[from] ??= []).push(to);
  const lone = strandedGeneral(copy, rules, positionsOf(copy, rules));
  return lone && !lone.candidates.length ? ` - ${rules.index.general[lone.general].name} is captured` : '';
}
