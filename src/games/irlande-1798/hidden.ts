/**
 * The one secret of the game (rulebook 5): the English never examine the units stacked with Humbert.
 * They see that the stack exists (and, with --option humbert-size=shown, how many counters it holds)
 * until a combat shows it; it closes again at the next French movement phase. With
 * --option humbert-combat=hidden no combat shows it: its units stay hidden through the combat.
 */
import { distance, positionsOf, unitsIn, type Positions } from './map.js';
import type { HexId, IrlRules, IrlState, UnitId } from './state.js';

/** Humbert's hex while he is on the map or at sea with the fleet. */
export function humbertHex(s: IrlState): HexId | null {
  const h = s.generals.humbert;
  return h.place === 'map' || h.place === 'sea' ? h.hex : null;
}

/**
 * Where the English see Humbert: in a combat of the hidden stack (humbert-combat=hidden), the hex he
 * stood in when it began, until it ends. He goes with his units as the rules have him (8.3, 9.2: a
 * general goes with the unit he stands with when it routs), but his counter on the English map stays
 * put while the English still have choices to make in the combat: followed step by step, it would show
 * a rout's path and length, 3 hexes for infantry, 4 for cavalry (rules/irlande-1798.md, "Humbert going
 * with his units unseen").
 */
export function humbertSeenAt(s: IrlState): HexId | null {
  const stack = s.combat?.humbertStack;
  return stack && s.generals.humbert.place === 'map' ? stack.hex : humbertHex(s);
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
  return st.place === 'map' && h.place === 'map' && st.hex === humbertSeenAt(s);
}

/**
 * humbert-combat=hidden: whether `u` is a unit of the stack that the combat has taken out of Humbert's
 * hex (rout, retreat, advance), off the English map until the combat ends (rule 5), and not in a hex
 * where an English move of this combat ran into it (`found`).
 */
export function offEnglishMap(s: IrlState, rules: IrlRules, u: UnitId): boolean {
  const stack = s.combat?.humbertStack;
  if (!stack?.units.includes(u) || !hiddenFromEnglish(s, rules, u)) return false;
  const st = s.units[u];
  return st.place === 'map' && st.hex !== humbertSeenAt(s) && !(stack.found ?? []).includes(st.hex!);
}

/**
 * Who stands where as the English see it (`at` less the units off their map, offEnglishMap, and less
 * Humbert when he has gone with them, humbertSeenAt): what an English retreat, rout or advance is
 * worked out from, so that its options tell nothing of where a hidden unit went (rules/irlande-1798.md,
 * "Running into the hidden stack"); a general lifts the stacking limit of his hex (5). `at` itself when none is.
 */
export function englishSight(s: IrlState, rules: IrlRules, at: Positions): Positions {
  const off = s.combat?.humbertStack?.units.filter((u) => offEnglishMap(s, rules, u)) ?? [];
  const gone = humbertHex(s) !== humbertSeenAt(s);
  if (!off.length && !gone) return at;
  const units = at.units.map((here) => (here && here.some((u) => off.includes(u)) ? here.filter((u) => !off.includes(u)) : here));
  const where = at.where.slice();
  rules.units.forEach((d, i) => {
    if (off.includes(d.id)) where[i] = null;
  });
  let generals = at.generals;
  if (gone) {
    generals = new Map(at.generals);
    const h = humbertHex(s)!;
    const left = (generals.get(h) ?? []).filter((g) => g !== 'humbert');
    if (left.length) generals.set(h, left);
    else generals.delete(h);
    rules.generals.forEach((g, i) => {
      if (g.id === 'humbert') where[rules.units.length + i] = null;
    });
  }
  return { units, generals, where };
}

/** The unit off the English map (offEnglishMap) standing in `h`, if any: an English unit cannot go there. */
export function hiddenUnitIn(s: IrlState, rules: IrlRules, at: Positions, h: HexId): UnitId | undefined {
  return unitsIn(at, rules, h, 'French').find((u) => offEnglishMap(s, rules, u));
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
  // questions, not only what the English are shown. Left as it is until the combat ends, but for where
  // the units it took off the English map stand when an English unit has to move (a retreat, rout or advance).
  if (copy.combat?.humbertStack) return moveOffMapUnits(copy, rules, rng);
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

/**
 * perturbHidden in a combat of the hidden stack, when an English unit is to retreat, rout or advance:
 * each unit of the stack off the English map (offEnglishMap) and done moving is put in another hex it
 * could have reached (within 4 of the stack's hex), empty, not a VP hex, not an English rout hex; units
 * that stand together move together, and Humbert, gone with them (humbertSeenAt), with them.
 */
function moveOffMapUnits(s: IrlState, rules: IrlRules, rng: () => number): IrlState {
  const t = s.tasks[0];
  const english =
    t &&
    (t.kind === 'advance'
      ? t.side === 'English'
      : (t.kind === 'retreat' || t.kind === 'rout') && rules.index.unit[t.unit].side === 'English');
  if (!english) return s;
  const moving = new Set(s.tasks.flatMap((x) => (x.kind === 'retreat' || x.kind === 'rout' ? [x.unit] : [])));
  const stack = s.combat!.humbertStack!;
  const done = new Set<UnitId>();
  for (const u of stack.units) {
    if (done.has(u) || moving.has(u) || !offEnglishMap(s, rules, u)) continue;
    const from = s.units[u].hex!;
    const at = positionsOf(s, rules);
    const together = stack.units.filter((x) => !moving.has(x) && offEnglishMap(s, rules, x) && s.units[x].hex === from);
    const free = rules.index.ids.filter(
      (h) =>
        distance(rules, h, stack.hex) <= 4 &&
        !unitsIn(at, rules, h).length &&
        !at.generals.has(h) &&
        h !== humbertSeenAt(s) &&
        !(h in s.control) &&
        !rules.rout.englishRoutHexes.includes(h) &&
        together.every((x) => rules.index.terrain[rules.index.hex[h].terrain].cost[rules.index.unit[x].type] !== null),
    );
    for (const x of together) done.add(x);
    if (!free.length) continue;
    const to = free[Math.floor(rng() * free.length)];
    for (const x of together) s.units[x].hex = to;
    if (humbertHex(s) === from) s.generals.humbert.hex = to;
  }
  return s;
}
