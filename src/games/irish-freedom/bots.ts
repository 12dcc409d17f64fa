/** Bots: random, and a simple heuristic Irish / Free State player. Both decide from the view only. */
import { randomBot } from '../../engine/bots.js';
import type { Bot, Decision } from '../../engine/module.js';
import { factionOf, isSupport, strengthIn, unitById, type MapIndex } from './map.js';
import { destinations } from './irish-actions.js';
import type { AreaId, IFState, IFView, Unit } from './state.js';

const random: Bot<IFView> = randomBot;

/** The strongest support counter that could ride with a Free State Regular from its Area. */
function riderBonus(v: IFView, m: MapIndex, u: Unit, area: AreaId): number {
  if (v.war !== 'civil' || u.type !== 'regular') return 0;
  let best = 0;
  for (const x of v.units)
    if (x.area === u.area && isSupport(x) && x.colour === u.colour) best = Math.max(best, strengthIn(m, x.type, area));
  return best;
}

/** How good it is for `u` to stand in `area`: a good attack scores 10+, a poor one below 0. */
function score(v: IFView, m: MapIndex, u: Unit, area: AreaId): number {
  const mine = factionOf(u.colour, v.war);
  const moving = area !== u.area;
  let me = strengthIn(m, u.type, area) + (moving ? riderBonus(v, m, u, area) : 0);
  let foe = 0;
  let crowd = 0;
  for (const x of v.units) {
    if (x.area !== area || x === u) continue;
    const f = factionOf(x.colour, v.war);
    if (f === mine) {
      me += strengthIn(m, x.type, area);
      if (!isSupport(x)) crowd++;
    } else if (v.war === 'civil' && f === 1)
      return -20; // the Free State leaves the British alone
    else foe += strengthIn(m, x.type, area);
  }
  // the War of Independence is won by eliminating British units: accept an even-ish fight there
  const need = v.war === 'independence' ? 0 : 2;
  if (foe > 0) return me - foe >= need ? 10 + me - foe : me - foe - 5;
  const terrain = m.area.get(area)!.terrain;
  const region = m.regionOf.get(area);
  let s = strengthIn(m, u.type, area) - crowd * 0.3;
  if (v.war === 'independence') s += terrain === 'city' ? -1 : 0;
  else {
    // the Free State wants the Cities and contact with the Republicans
    if (terrain === 'city') s += 1.5;
    if (v.units.some((x) => x.colour === 'green' && m.regionOf.get(x.area) === region)) s += 2;
  }
  return s;
}

function bestMove(v: IFView, m: MapIndex, u: Unit): { id: string; score: number } {
  let best = { id: '', score: -Infinity };
  for (const d of destinations(v as IFState, m, u)) {
    const sc = score(v, m, u, d.area) - (d.how === 'landing' ? 0.5 : 0);
    if (sc > best.score) best = { id: `${d.how} ${u.id} ${d.area}`, score: sc };
  }
  return best;
}

const heuristic: Bot<IFView> = (v, d: Decision, rng) => {
  const ids = d.options.map((o) => o.id);
  const has = (id: string) => ids.includes(id);
  if (has('treaty continue')) return 'treaty continue';
  if (has('collins use')) return 'collins use';
  if (ids[0].startsWith('upgrade') && has('upgrade none')) return ids[0];
  const m = v.map;
  if (ids[0].startsWith('ride')) {
    // the strongest support counter rides along
    const riders = ids.slice(1).map((i) => unitById(v, i.split(' ')[1])!);
    riders.sort((a, b) => (a.type === 'artillery' ? -1 : 1) - (b.type === 'artillery' ? -1 : 1));
    return riders.length ? `ride ${riders[0].id}` : 'ride none';
  }
  if (/^(move|naval|landing) u\d+ /.test(ids[0])) return bestMove(v, m, unitById(v, ids[0].split(' ')[1])!).id || ids[0];
  if (!has('pass')) return ids[Math.floor(rng() * ids.length)];
  // First step of an action
  let attack = { id: '', score: -Infinity };
  let shift = { id: '', gain: 0 };
  for (const id of ids) {
    if (!id.startsWith('move ')) continue;
    const u = unitById(v, id.split(' ')[1])!;
    const b = bestMove(v, m, u);
    if (b.score >= 10 && b.score > attack.score) attack = { id, score: b.score };
    // a lone Free State garrison keeps its City (an empty City props up Republican morale)
    const lone =
      v.war === 'civil' &&
      m.area.get(u.area)!.terrain === 'city' &&
      !v.units.some((x) => x !== u && x.area === u.area && x.colour === 'blue' && !isSupport(x));
    const gain = b.score - score(v, m, u, u.area) - (lone ? 3 : 0);
    if (b.score < 10 && gain > shift.gain) shift = { id, gain };
  }
  if (attack.id) return attack.id;
  if (v.war === 'independence') {
    const ups = ids.filter((i) => i.startsWith('upgrade ')).map((i) => unitById(v, i.split(' ')[1])!);
    const pickUp = ups.find((u) => u.type === 'mob') ?? ups.find((u) => u.colour === 'blue') ?? ups[0];
    if (pickUp && rng() < 0.8) return `upgrade ${pickUp.id}`;
    if (shift.gain >= 1.5) return shift.id;
    return rng() < 0.7 ? 'recruit-guerrilla dublin' : 'recruit-guerrilla midlands';
  }
  // Civil War: arm the Regulars, spread out from crowded Areas, recruit Regulars
  const support = ids.find((i) => i.startsWith('recruit artillery')) ?? ids.find((i) => i.startsWith('recruit armoured-car'));
  const area = support?.split(' ')[2];
  const armed = area ? v.units.filter((u) => u.area === area && isSupport(u) && u.colour === 'blue').length : 0;
  const regs = area ? v.units.filter((u) => u.area === area && u.type === 'regular' && u.colour === 'blue').length : 0;
  if (support && armed < regs) return support;
  if (shift.gain >= 1 && rng() < 0.8) return shift.id;
  const regIds = ids.filter((i) => i.startsWith('recruit regular'));
  const empty = regIds.find((i) => !v.units.some((u) => u.area === i.split(' ')[2] && u.colour === 'blue'));
  return empty ?? regIds[0] ?? ids[0];
};

export const bots: Record<string, Bot<IFView>> = { random, heuristic };
