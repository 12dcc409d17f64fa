/**
 * Previews in option labels, for people deciding (the rules never read them): what stands where a
 * unit would go and the odds of the combat it starts, and what an upgraded unit becomes.
 *
 * The odds are those of the Combat table (rulebook: Combat): attackers' strength minus defenders'
 * (by terrain) + a D6, read against `combatResults`; card effects that may add to an attack (Dublin
 * Guards, Michael Collins) and the optional high-modifier rule are left out, and said to be.
 */
import { factionOf, strengthIn, unitText, type LazyOption, type MapIndex } from './map.js';
import { combatRow } from './combat.js';
import type { AreaId, IFState, Unit } from './state.js';

/** "RIC u16, Army u2" (units by type and id, as the board names them). */
function names(m: MapIndex, units: Unit[]): string {
  return units.map((u) => `${m.counter.get(u.type)?.name ?? u.type} ${u.id}`).join(', ');
}

/** The chance, in sixths, that a D6 added to `diff` makes the defenders the losers. */
export function attackOdds(m: MapIndex, diff: number): number {
  let n = 0;
  for (let d = 1; d <= 6; d++) if (combatRow(m.rules.combatResults, diff + d).loser === 'defender') n++;
  return n;
}

/** The combat `attackers` would start against `defenders` in `area`: strengths and odds. */
export function combatPreview(m: MapIndex, area: AreaId, attackers: Unit[], defenders: Unit[]): string {
  const a = attackers.reduce((t, u) => t + strengthIn(m, u.type, area), 0);
  const d = defenders.reduce((t, u) => t + strengthIn(m, u.type, area), 0);
  const win = attackOdds(m, a - d);
  return `this starts a combat: ${a} vs ${d}, won on ${win}/6`;
}

/**
 * What stands where `u` would move, as a label ends: "Kerry 3-4 Townland: RIC u16 — this starts a
 * combat: 1 against 2, …". Read now (the label is fixed when the option is made).
 */
export function destinationPreview(s: IFState, m: MapIndex, u: Unit, area: AreaId): string {
  const mine = factionOf(u.colour, s.war);
  const there = s.units.filter((x) => x.area === area);
  const label = m.areaLabel.get(area)!;
  if (!there.length) return `${label} (empty)`;
  const friends = there.filter((x) => factionOf(x.colour, s.war) === mine);
  const foes = there.filter((x) => factionOf(x.colour, s.war) !== mine);
  const parts = [friends.length ? `yours: ${names(m, friends)}` : '', foes.length ? names(m, foes) : ''].filter(Boolean).join('; ');
  return `${label}: ${parts}${foes.length ? ` — ${combatPreview(m, area, [u, ...friends], foes)}` : ''}`;
}

/** What a unit option's unit becomes by an upgrade: " → Green Flying Column (Bog/Town/City 3/2/1)". */
export function upgradePreview(o: LazyOption): string {
  const m = o.m!;
  const r = m.rules.upgrades.find((x) => x.from === o.type && x.colour === o.colour);
  if (!r) return '';
  const c = m.counter.get(r.to)!;
  return ` → ${unitText(m, o.colour as Unit['colour'], r.to, o.a, null).replace(/ u\d+$/, '')} (Bog/Town/City ${c.strength.join('/')})`;
}

/** The strengths of what a recruit option makes (its `extra` names the counter): " (Bog/Town/City 2/2/2)". */
export function strengthsOf(o: LazyOption): string {
  const c = o.m!.rules.counters.find((x) => x.name === o.extra);
  return c ? ` (Bog/Town/City ${c.strength.join('/')})` : '';
}
