/** Bots: random, and a simple heuristic Irish / Free State player. Both decide from the view only. */
import type { Bot, Decision } from '../../engine/module.js';
import { factionOf, isSupport, mapFor, strengthIn, unitById, type MapIndex } from './map.js';
import { destinations } from './irish-actions.js';
import type { AreaId, IFState, IFView, Unit } from './state.js';

const random: Bot<IFView> = (_v, d, rng) => d.options[Math.floor(rng() * d.options.length)].id;

/** How good it is for `u` to stand in `area`: a strong attack scores 10+, a poor one below 0. */
function score(v: IFView, m: MapIndex, u: Unit, area: AreaId): number {
  const mine = factionOf(u.colour, v.war);
  let me = strengthIn(m, u.type, area);
  let foe = 0;
  for (const x of v.units) {
    if (x.area !== area || x === u) continue;
    const f = factionOf(x.colour, v.war);
    if (f === mine) me += strengthIn(m, x.type, area);
    else foe += strengthIn(m, x.type, area);
  }
  if (foe > 0) return me - foe >= 2 ? 10 + me - foe : me - foe - 5;
  const terrain = m.area.get(area)!.terrain;
  // keep Regulars and Flying Columns out of cities; in the Civil War, hold empty cities
  let s = strengthIn(m, u.type, area) + (terrain === 'city' ? (v.war === 'civil' ? 1.5 : -1) : 0);
  if (v.war === 'civil' && m.area.get(area)!.port) s += 0.5;
  return s;
}

function bestMove(v: IFView, m: MapIndex, u: Unit): { id: string; score: number } {
  let best = { id: '', score: -Infinity };
  for (const d of destinations(v as unknown as IFState, m, u)) {
    const sc = score(v, m, u, d.area) - (d.how === 'landing' ? 0.5 : 0);
    if (sc > best.score) best = { id: `${d.how} ${u.id} ${d.area}`, score: sc };
  }
  return best;
}

const heuristic: Bot<IFView> = (v, d: Decision, rng) => {
  const ids = d.options.map((o) => o.id);
  const has = (id: string) => ids.includes(id);
  const first = (prefix: string) => ids.find((i) => i.startsWith(prefix));
  if (has('treaty continue')) return 'treaty continue';
  if (has('collins use')) return 'collins use';
  if (ids[0].startsWith('upgrade') && has('upgrade none')) return ids[0];
  if (ids[0].startsWith('ride')) return first('ride u') ?? 'ride none';
  const m = mapFor(v);
  // Destination of a move already chosen
  if (/^(move|naval|landing) u\d+ /.test(ids[0])) {
    const u = unitById(v as unknown as IFState, ids[0].split(' ')[1])!;
    return bestMove(v, m, u).id || ids[0];
  }
  if (!has('pass')) return ids[Math.floor(rng() * ids.length)];
  // First step of an action: attack if a good attack exists
  let attack = { id: '', score: -Infinity };
  for (const id of ids) {
    if (!id.startsWith('move ')) continue;
    const u = unitById(v as unknown as IFState, id.split(' ')[1])!;
    const b = bestMove(v, m, u);
    const here = score(v, m, u, u.area);
    if (b.score >= 10 && b.score > attack.score) attack = { id, score: b.score };
    else if (b.score - here >= 2 && attack.score < 2) attack = { id, score: 2 };
  }
  if (attack.score >= 10) return attack.id;
  if (v.war === 'independence') {
    const ups = ids.filter((i) => i.startsWith('upgrade '));
    const kind = (i: string) => unitById(v as unknown as IFState, i.split(' ')[1])!;
    const mob = ups.find((i) => kind(i).type === 'mob');
    if (mob) return mob;
    const blue = ups.find((i) => kind(i).colour === 'blue');
    if (blue) return blue;
    if (attack.id) return attack.id;
    if (rng() < 0.6) return 'recruit-guerrilla dublin';
    return ups[0] ?? 'recruit-guerrilla midlands';
  }
  const support = ids.find((i) => i.startsWith('recruit artillery') || i.startsWith('recruit armoured-car'));
  const blueSupport = v.units.filter((u) => u.colour === 'blue' && isSupport(u)).length;
  const regulars = v.units.filter((u) => u.colour === 'blue' && u.type === 'regular').length;
  if (support && blueSupport < regulars / 2) return support;
  if (attack.id && rng() < 0.7) return attack.id;
  return first('recruit regular') ?? ids[0];
};

export const bots: Record<string, Bot<IFView>> = { random, heuristic };
