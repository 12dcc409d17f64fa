/**
 * Stacking (rulebook 5) and the generals' company (rulebook 2): at most 5 strength points in a hex
 * unless a general is there; a general always with a unit of his command; Humbert only with French
 * (blue) units, so no United Irishmen unit shares his hex (rules/irlande-1798.md, "Humbert's company").
 */
import { generalsIn, isUnitedIrishmen, NOBODY, positionsOf, unitsIn, type Positions } from './map.js';
import type { GeneralId, HexId, IrlRules, IrlState, UnitId } from './state.js';

/**
 * Whether `incoming` units (and generals) may stand in hex `h` together with what is there now
 * (`at`: who stands where; leaving out `leaving`, the counters that are on their way out of it).
 */
export function mayStand(
  s: IrlState,
  rules: IrlRules,
  at: Positions,
  h: HexId,
  incoming: readonly UnitId[],
  incomingGenerals: readonly GeneralId[] = NOBODY,
  leaving: readonly UnitId[] = NOBODY,
  leavingGenerals: readonly GeneralId[] = NOBODY,
): boolean {
  // Counted without building lists: this runs for every step and every option.
  let humbert = incomingGenerals.includes('humbert');
  let generals = incomingGenerals.length;
  for (const g of generalsIn(at, rules, h)) {
    if (leavingGenerals.includes(g) || incomingGenerals.includes(g)) continue;
    generals++;
    if (g === 'humbert') humbert = true;
  }
  let sp = 0;
  let irish = false;
  for (const u of incoming) {
    sp += s.units[u].strength;
    if (isUnitedIrishmen(rules, u)) irish = true;
  }
  for (const u of unitsIn(at, rules, h)) {
    if (leaving.includes(u) || incoming.includes(u)) continue;
    sp += s.units[u].strength;
    if (isUnitedIrishmen(rules, u)) irish = true;
  }
  if (humbert && irish) return false;
  return generals > 0 || sp <= rules.stacking.limit;
}

/** A unit a general may stand with: any unit of his side, and for Humbert a French (blue) one. */
export function commands(rules: IrlRules, g: GeneralId, u: UnitId): boolean {
  const gd = rules.index.general[g];
  const ud = rules.index.unit[u];
  return ud.side === gd.side && (gd.commands === 'any' || ud.band === 'french');
}

/** Stacking broken anywhere on the map (for invariants): a list of problems. */
export function stackingProblems(s: IrlState, rules: IrlRules): string[] {
  const bad: string[] = [];
  const at = positionsOf(s, rules);
  for (const h of rules.index.ids) {
    const units = unitsIn(at, rules, h);
    const gens = generalsIn(at, rules, h);
    if (!units.length && !gens.length) continue;
    const sides = new Set(units.map((u) => rules.index.unit[u].side));
    if (sides.size > 1) bad.push(`${h} holds units of both sides`);
    const sp = units.reduce((t, u) => t + s.units[u].strength, 0);
    if (!gens.length && sp > rules.stacking.limit) bad.push(`${h} holds ${sp} strength points without a general`);
    for (const g of gens) {
      // A general just left alone is placed by the very next question (tasks.ts), which is the only time this may hold.
      if (!units.some((u) => commands(rules, g, u)) && s.stage !== 'tasks') bad.push(`${g} at ${h} without a unit of his command`);
      if (g === 'humbert' && units.some((u) => isUnitedIrishmen(rules, u))) bad.push(`Humbert shares ${h} with United Irishmen`);
    }
    const t = rules.index.hex[h].terrain;
    if (t === 'lake' || t === 'sea') bad.push(`units in ${t} hex ${h}`);
  }
  return bad;
}
