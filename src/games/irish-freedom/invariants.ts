/** Invariants of a state (for fuzz tests and `muster check`). */
import { factionOf, isSupport, mapArg } from './map.js';
import type { IFRules, IFState } from './state.js';
import { remaining } from './events.js';

export function invariants(s: IFState, rules?: IFRules): string[] {
  const m = mapArg(rules, 'invariants');
  const out: string[] = [];
  const seen = new Set<string>();
  for (const u of s.units) {
    if (seen.has(u.id)) out.push(`duplicate unit id ${u.id}`);
    seen.add(u.id);
    if (!m.areaIndex.has(u.area)) {
      out.push(`${u.id} is in unknown Area ${u.area}`);
      continue;
    }
    const c = m.counter.get(u.type);
    if (!c) {
      out.push(`${u.id} has unknown type ${u.type}`);
      continue;
    }
    if (!c.colours.includes(u.colour)) out.push(`${u.id}: a ${u.type} cannot be ${u.colour}`);
    // UVF never leave Ulster (Guerrillas and RIC stay in their Region by construction: no move offers it)
    if (u.type === 'uvf' && m.regionOf.get(u.area) !== 'ulster') out.push(`UVF ${u.id} outside Ulster`);
    if (s.war === 'independence' && isSupport(u)) out.push(`${u.id}: no Armoured car or Artillery in the War of Independence`);
  }
  if (s.turn < 1 || s.turn > 11) out.push(`turn ${s.turn} out of 1..11`);
  if (!Number.isInteger(s.britishMorale) || s.britishMorale > 11) out.push(`British morale ${s.britishMorale} out of range`);
  if (s.republicanMorale !== null && (s.republicanMorale < 0 || s.republicanMorale > 17))
    out.push(`Republican morale ${s.republicanMorale} out of range`);
  if (s.britishEliminated < 0) out.push('negative British eliminated count');
  // Irish (Free State) move/recruit phase: the rules' actions per turn of the war at hand, counted down.
  const perTurn = s.war === 'independence' ? m.rules.actions.independence : m.rules.actions.civil;
  if (s.actionsLeft < 0) out.push('negative actions left');
  else if (s.actionsLeft > perTurn)
    out.push(
      `${s.actionsLeft} actions left, more than the ${perTurn} a turn of the ${s.war === 'independence' ? 'War of Independence' : 'Civil War'} gives`,
    );
  const held = (deck: 'green' | 'blue') =>
    s.card && (deck === 'green' ? m.rules.cards.green : m.rules.cards.blue).some((c) => c.key === s.card) ? 1 : 0;
  for (const deck of ['green', 'blue'] as const) {
    const all = deck === 'green' ? m.rules.cards.green : m.rules.cards.blue;
    const discard = deck === 'green' ? s.decks.greenDiscard : s.decks.blueDiscard;
    if (new Set(discard).size !== discard.length || discard.some((k) => !all.some((c) => c.key === k)))
      out.push(`${deck} discards hold a duplicate or unknown card`);
    const left = remaining(all, discard).length - held(deck);
    if (left < 0 || left + discard.length + held(deck) !== all.length) out.push(`${deck} deck + discards + drawn is not ${all.length}`);
  }
  if (!s.over && !s.ask) out.push('no decision pending in an unfinished game');
  if (s.over && s.phase !== 'over') out.push('game over but phase is not over');
  // Outside combat no Area holds two hostile sides (checked when the player is asked to act).
  if (s.ask && (s.ask.kind === 'action' || s.ask.kind === 'treaty') && !s.combat && s.actionsLeft === perTurn) {
    const bits = new Map<string, number>();
    for (const u of s.units) if (!isSupport(u)) bits.set(u.area, (bits.get(u.area) ?? 0) | factionOf(u.colour, s.war));
    for (const [a, b] of bits) if (b !== 1 && b !== 2 && b !== 4) out.push(`Area ${a} is contested outside combat`);
    // A support counter left alone is taken by an enemy holding its Area once the phase's combats are over.
    for (const u of s.units) {
      if (!isSupport(u)) continue;
      const b = bits.get(u.area) ?? 0;
      if (b !== 0 && !(b & factionOf(u.colour, s.war))) out.push(`support counter ${u.id} stands alone with the enemy in ${u.area}`);
    }
  }
  return out;
}
