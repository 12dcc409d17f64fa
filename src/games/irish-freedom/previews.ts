/**
 * Previews in option labels, for people deciding (the rules never read them): what stands where a
 * unit would go and the odds of the combat it starts, and what an upgraded unit becomes.
 *
 * The odds are those of the Combat table (rulebook: Combat): attackers' strength minus defenders'
 * (by terrain) + a D6, read against `combatResults`, with the optional high-modifier rule when it is
 * on. The Dublin Guards' +1 is counted when the nominated Regular attacks. What the player may still
 * add after choosing the move (a support counter riding along, Michael Collins' +2) is named in the
 * label, and each of those later questions shows the odds with and without it.
 */
import { factionOf, isSupport, strengthIn, unitText, type LazyOption, type MapIndex } from './map.js';
import { combatRow } from './combat.js';
import type { AreaId, IFState, Unit } from './state.js';

/** "RIC u16, Army u2" (units by type and id, as the board names them). */
function names(m: MapIndex, units: Unit[]): string {
  return units.map((u) => `${m.counter.get(u.type)?.name ?? u.type} ${u.id}`).join(', ');
}

/**
 * The chance, in sixths, that a D6 added to `diff` makes the defenders the losers; with the optional
 * high-modifier rule (`high`), a modifier of 4 or more turns the attacker's 1 into a win and the
 * defender's 6 (a modifier of -4 or less) into a loss.
 */
export function attackOdds(m: MapIndex, diff: number, high = false): number {
  const th = m.rules.highModifier.threshold;
  let n = 0;
  for (let d = 1; d <= 6; d++) {
    let won = combatRow(m.rules.combatResults, diff + d).loser === 'defender';
    if (high && diff >= th && d === 1) won = true;
    if (high && diff <= -th && d === 6) won = false;
    if (won) n++;
  }
  return n;
}

/** The strength `attackers` bring to `area` (the Dublin Guards' +1 when their Regular is among them). */
function attackStrength(s: IFState, m: MapIndex, area: AreaId, attackers: Unit[]): number {
  const guards = s.effects.dublinGuards;
  return attackers.reduce((t, u) => t + strengthIn(m, u.type, area), 0) + (guards && attackers.some((u) => u.id === guards) ? 1 : 0);
}

/** "2 vs 3, 2 in 6 to win": the strengths and the attacker's chance (faces of the D6 that win), `bonus` added to the attack. */
export function oddsText(s: IFState, m: MapIndex, area: AreaId, attackers: Unit[], defenders: Unit[], bonus = 0): string {
  const a = attackStrength(s, m, area, attackers) + bonus;
  const d = defenders.reduce((t, u) => t + strengthIn(m, u.type, area), 0);
  return `${a} vs ${d}, ${attackOdds(m, a - d, s.options.highModifier)} in 6 to win`;
}

/** Michael Collins may still add his +2 to an attack by `mover` into `area` (Civil War, Cork or Kerry, not yet used). */
export function collinsMayAdd(s: IFState, m: MapIndex, mover: Unit, area: AreaId): boolean {
  const region = m.regionOf.get(area);
  return s.war === 'civil' && s.effects.michaelCollins && factionOf(mover.colour, s.war) === 4 && (region === 'cork' || region === 'kerry');
}

/** The support counters that may ride along with `mover` (a Free State Regular, Civil War: rulebook, Free State move). */
export function ridersFor(s: IFState, mover: Unit): Unit[] {
  if (s.war !== 'civil' || mover.type !== 'regular') return [];
  return s.units.filter((x) => x.area === mover.area && isSupport(x) && x.colour === mover.colour);
}

/** The combat `attackers` would start against `defenders` in `area`: strengths, odds, and what may still add to it. */
export function combatPreview(s: IFState, m: MapIndex, area: AreaId, attackers: Unit[], defenders: Unit[], mayAdd: string[] = []): string {
  const more = mayAdd.length ? `; ${mayAdd.join(' or ')} may add to it` : '';
  return `this starts a combat: ${oddsText(s, m, area, attackers, defenders)}${more}`;
}

/**
 * What stands where `u` would move, as a label ends: "Kerry 3-4 Townland: RIC u16 — this starts a
 * combat: 1 vs 2, …". Read now (the label is fixed when the option is made).
 */
export function destinationPreview(s: IFState, m: MapIndex, u: Unit, area: AreaId): string {
  const mine = factionOf(u.colour, s.war);
  const there = s.units.filter((x) => x.area === area);
  const label = m.areaLabel.get(area)!;
  if (!there.length) return `${label} (empty)`;
  const friends = there.filter((x) => factionOf(x.colour, s.war) === mine);
  const foes = there.filter((x) => factionOf(x.colour, s.war) !== mine);
  const parts = [friends.length ? `yours: ${names(m, friends)}` : '', foes.length ? names(m, foes) : ''].filter(Boolean).join('; ');
  if (!foes.length) return `${label}: ${parts}`;
  const mayAdd = [
    ...(ridersFor(s, u).length ? ['a support counter riding along'] : []),
    ...(collinsMayAdd(s, m, u, area) ? ['Michael Collins (+2)'] : []),
  ];
  return `${label}: ${parts} - ${combatPreview(s, m, area, [u, ...friends], foes, mayAdd)}`;
}

/** The odds of a move into `area` with `rider` (or none) along, for the ride-along question ("" when no combat). */
export function rideOdds(s: IFState, m: MapIndex, u: Unit, area: AreaId, rider: Unit | null): string {
  const mine = factionOf(u.colour, s.war);
  const there = s.units.filter((x) => x.area === area);
  const foes = there.filter((x) => factionOf(x.colour, s.war) !== mine);
  if (!foes.length) return '';
  const attackers = [u, ...(rider ? [rider] : []), ...there.filter((x) => factionOf(x.colour, s.war) === mine)];
  const collins = collinsMayAdd(s, m, u, area) ? `; with Michael Collins ${oddsText(s, m, area, attackers, foes, 2)}` : '';
  return `${oddsText(s, m, area, attackers, foes)}${collins}`;
}

/** What a unit option's unit becomes by an upgrade: " → Green Flying Column (Bog/Town/City 3/2/1)". */
export function upgradePreview(o: LazyOption): string {
  const m = o.m!;
  const r = m.rules.upgrades.find((x) => x.from === o.type && x.colour === o.colour);
  if (!r) return '';
  const c = m.counter.get(r.to)!;
  return ` -> ${unitText(m, o.colour as Unit['colour'], r.to, o.a, null).replace(/ u\d+$/, '')} (Bog/Town/City ${c.strength.join('/')})`;
}

/** The strengths of what a recruit option makes (its `extra` names the counter): " (Bog/Town/City 2/2/2)". */
export function strengthsOf(o: LazyOption): string {
  const c = o.m!.rules.counters.find((x) => x.name === o.extra);
  return c ? ` (Bog/Town/City ${c.strength.join('/')})` : '';
}
