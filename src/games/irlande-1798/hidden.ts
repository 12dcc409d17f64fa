/**
 * The one secret of the game (rulebook 5): the English never examine the units stacked with Humbert.
 * They see that the stack exists (and, with --option humbert-size=shown, how many counters it holds)
 * until a combat shows it; it closes again at the next French movement phase. With
 * --option humbert-combat=hidden no combat shows it: its units stay hidden through the combat.
 */
import { positionsOf, unitsIn } from './map.js';
import type { HexId, IrlRules, IrlState, UnitId } from './state.js';

/** Humbert's hex while he is on the map or at sea with the fleet. */
export function humbertHex(s: IrlState): HexId | null {
  const h = s.generals.humbert;
  return h.place === 'map' || h.place === 'sea' ? h.hex : null;
}

/** French units in Humbert's hex (at sea too), in counter order. */
export function humbertStack(s: IrlState, rules: IrlRules): UnitId[] {
  const h = s.generals.humbert;
  if (h.place === 'sea') return rules.units.filter((u) => s.units[u.id].place === 'sea').map((u) => u.id);
  if (h.place !== 'map' || !h.hex) return [];
  return unitsIn(positionsOf(s, rules), rules, h.hex, 'French').slice();
}

/** True when `u` is hidden from the English now. */
export function hiddenFromEnglish(s: IrlState, rules: IrlRules, u: UnitId): boolean {
  if (s.humbertRevealed) return false;
  const st = s.units[u];
  const h = s.generals.humbert;
  if (rules.index.unit[u].side !== 'French') return false;
  // The unit sent alone against Killala from the fleet is not with Humbert (rule 12.1).
  if (s.combat?.fromSea && s.combat.attackers.includes(u)) return false;
  // humbert-combat=hidden: the stack of the fight stays hidden wherever the combat takes its units.
  if (s.combat?.humbertStack?.units.includes(u)) return st.place === 'map';
  if (st.place === 'sea') return h.place === 'sea';
  return st.place === 'map' && h.place === 'map' && st.hex === h.hex;
}

/** --option humbert-combat=hidden: a combat never shows Humbert's stack (rule 5). */
export function combatKeepsStackHidden(s: IrlState): boolean {
  return s.options.humbertCombat === 'hidden';
}

/** A unit's name for the public log: units hidden in Humbert's stack are not named. `start`: at the start of a sentence. */
export function publicName(s: IrlState, rules: IrlRules, u: UnitId, start = false): string {
  if (!hiddenFromEnglish(s, rules, u)) return rules.index.unit[u].name;
  return `${start ? 'A' : 'a'} unit of Humbert's stack`;
}

/** Names for the log of several units: the hidden ones counted, not named. */
export function publicNames(s: IrlState, rules: IrlRules, units: UnitId[]): string {
  const shown = units.filter((u) => !hiddenFromEnglish(s, rules, u)).map((u) => rules.index.unit[u].name);
  const hidden = units.length - shown.length;
  if (hidden) shown.push("Humbert's stack");
  return shown.join(', ');
}

/**
 * The secrets property test's perturbation (module contract): a copy of the state in which what the
 * English may not know is changed at random but legally: the strength (full or reduced) and the
 * routed state of every hidden two-sided French unit in Humbert's stack. Nothing changes for the French.
 */
export function perturbHidden(s: IrlState, side: string, rules: IrlRules, rng: () => number): IrlState {
  const copy = structuredClone(s) as IrlState;
  if (side !== 'English') return copy;
  // A combat fought by the hidden stack (humbert-combat=hidden) asks the French questions that follow
  // from it (which unit loses a step, where each retreats): changing the stack then would change the
  // questions, not only what the English are shown. Left as it is until the combat ends.
  if (copy.combat?.humbertStack) return copy;
  for (const u of humbertStack(copy, rules)) {
    // At sea nothing has happened yet: every counter is at full strength.
    if (!hiddenFromEnglish(copy, rules, u) || copy.units[u].place !== 'map') continue;
    const d = rules.index.unit[u];
    if (d.reduced !== null) copy.units[u].strength = rng() < 0.5 ? d.full : d.reduced;
    // A routed unit does not move: only a unit standing still in the stack may be routed.
    if (!copy.group?.units.includes(u)) copy.units[u].routed = rng() < 0.3;
  }
  return copy;
}
