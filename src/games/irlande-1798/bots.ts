/**
 * Bots (module contract): pure functions of their side's view, the decision and the rng. The
 * heuristic English never look inside Humbert's stack: they guess its strength from its counters.
 */
import type { Bot, Decision } from '../../engine/module.js';
import { distance } from './map.js';
import type { HexId, SideName } from './state.js';
import type { IrlView, UnitView } from './view.js';

export { randomBot } from '../../engine/bots.js';

/** Strength the viewer believes stands in a hex (the hidden stack counted at 1.6 SP a counter). */
function believedStrength(v: IrlView, h: HexId, side: SideName): number {
  let sp = v.units.filter((u) => u.place === 'map' && u.hex === h && u.side === side).reduce((t, u) => t + u.strength, 0);
  if (side === 'French' && v.hiddenStack && !v.hiddenStack.atSea && v.hiddenStack.hex === h) sp += 1.6 * (v.hiddenStack.counters ?? 4);
  return sp;
}

function enemyHexes(v: IrlView, me: SideName): HexId[] {
  const out = new Set<HexId>();
  for (const u of v.units) if (u.side !== me && u.place === 'map' && u.hex) out.add(u.hex);
  if (me === 'English' && v.hiddenStack && !v.hiddenStack.atSea) out.add(v.hiddenStack.hex);
  return [...out].sort();
}

/** Where a side wants to go: enemy-held VP towns, weighted by their value, and (English) the French army. */
function objectives(v: IrlView, me: SideName): { hex: HexId; value: number }[] {
  const r = v.rules;
  const out = r.victory.towns
    .filter((t) => v.control[t.hex] !== me)
    .map((t) => ({ hex: t.hex, value: me === 'French' ? t.french : t.english }));
  if (me === 'English') for (const h of enemyHexes(v, me)) out.push({ hex: h, value: 1.5 });
  if (me === 'French' && !out.length) for (const h of enemyHexes(v, me)) out.push({ hex: h, value: 1 });
  return out;
}

/** How attractive standing at `h` is for `me`: near valuable objectives, not next to a stronger enemy. */
function hexScore(v: IrlView, me: SideName, h: HexId, mySp: number): number {
  const r = v.rules;
  let score = 0;
  for (const o of objectives(v, me)) score += o.value / (1 + distance(r, h, o.hex));
  for (const e of enemyHexes(v, me)) {
    const dist = distance(r, h, e);
    if (dist > 1) continue;
    const theirs = believedStrength(v, e, me === 'French' ? 'English' : 'French');
    // Next to a weaker enemy is good (an attack follows); next to a much stronger one is not.
    score += theirs > mySp * 1.5 ? -0.8 : 0.25;
  }
  // The French keep close to Humbert (his bonus, his unlimited stacking).
  const humbert = v.generals.find((g) => g.id === 'humbert');
  if (me === 'French' && humbert?.place === 'map' && humbert.hex && distance(r, h, humbert.hex) <= 1) score += 0.3;
  if (r.index.town[h] && v.control[h] !== me) score += 1.5;
  // Hold one's own towns when the enemy is near.
  const town = r.index.town[h];
  if (town && v.control[h] === me && enemyHexes(v, me).some((e) => distance(r, e, h) <= 3))
    score += me === 'French' ? town.french : town.english;
  if (me === 'French' && r.rout.englishRoutHexes.includes(h)) score -= 0.2;
  return score;
}

function optionIds(d: Decision, prefix: string): string[] {
  return d.options.filter((o) => o.id.startsWith(prefix)).map((o) => o.id);
}

const unitOf = (v: IrlView, id: string): UnitView | undefined => v.units.find((u) => u.id === id);

/** A simple general: land near Ballina, march on towns, attack at good odds, keep stacks together. */
export const heuristicBot: Bot<IrlView> = (v, d, rng) => {
  const me = d.side as SideName;
  const r = v.rules;
  const ids = d.options.map((o) => o.id);
  const has = (id: string) => ids.includes(id);
  const pick = (list: string[]) => list[Math.floor(rng() * list.length)];

  // Landing (12.1): the Grenadiers alone against Killala (with the bayonet), else the landing hex nearest Ballina.
  if (ids.some((i) => i.startsWith('attack-killala ')))
    return has('attack-killala 70e-g') ? 'attack-killala 70e-g' : optionIds(d, 'attack-killala ')[0];
  if (ids.some((i) => i.startsWith('land '))) {
    return optionIds(d, 'land ').sort((a, b) => distance(r, a.slice(5), '0507') - distance(r, b.slice(5), '0507') || (a < b ? -1 : 1))[0];
  }
  // Movement.
  if (ids.some((i) => i.startsWith('to ')) || has('stop')) {
    const withs = optionIds(d, 'with ');
    if (withs.length) return withs.includes('with all') ? 'with all' : withs[0];
    const here = v.moving?.path[v.moving.path.length - 1];
    const mine = v.units.filter((u) => u.side === me && u.hex === here).reduce((t, u) => t + u.strength, 0);
    let best = has('stop') ? 'stop' : '';
    // Staying put unless a step is clearly better (no aimless walks when nothing is in sight).
    let bestScore = here ? hexScore(v, me, here, mine) + 0.02 : -Infinity;
    for (const id of optionIds(d, 'to ')) {
      if (v.moving?.path.includes(id.slice(3))) continue; // never back over its own path
      const sc = hexScore(v, me, id.slice(3), mine) + rng() * 0.01;
      if (sc > bestScore) {
        bestScore = sc;
        best = id;
      }
    }
    return best || ids[0];
  }
  if (ids.some((i) => i.startsWith('move ')) || has('end movement')) {
    if (has('stratagem forced-march') && rng() < 0.5) return 'stratagem forced-march';
    const moves = optionIds(d, 'move ');
    // Move units whose hex is not already where they want to be; now and then leave some still.
    const keen = moves.filter((m) => {
      const u = unitOf(v, m.slice(5));
      if (!u?.hex) return true;
      return !(
        r.index.town[u.hex] &&
        v.units.filter((x) => x.side === me && x.hex === u.hex).length === 1 &&
        v.control[u.hex] === me &&
        rng() < 0.7
      );
    });
    return keen.length ? keen[0] : 'end movement';
  }
  // Combat.
  if (ids.some((i) => i.startsWith('attack ')) || has('end combat')) {
    let best = 'end combat';
    let bestRatio = me === 'French' ? 1.5 : 1.8;
    for (const id of optionIds(d, 'attack ')) {
      const h = id.slice(7);
      const label = d.options.find((o) => o.id === id)!.label;
      const avail = Number(/up to (\d+) SP/.exec(label)?.[1] ?? 0);
      const theirs = believedStrength(v, h, me === 'French' ? 'English' : 'French') || 1;
      const t = r.index.hex[h].terrain;
      const ratio =
        (avail / theirs) * (t === 'town' || t === 'hills' || t === 'bog' ? 0.7 : t === 'mountain' ? 0.5 : 1) * (r.index.town[h] ? 1.2 : 1);
      if (ratio > bestRatio) {
        bestRatio = ratio;
        best = id;
      }
    }
    return best;
  }
  if (has('fight') || ids.some((i) => i.startsWith('with '))) {
    const st = optionIds(d, 'stratagem ').filter((x) => x !== 'stratagem officers' || rng() < 0.5);
    if (st.length) return st[0];
    const withs = optionIds(d, 'with ');
    if (withs.length) return withs[0];
    return 'fight';
  }
  if (has('no stratagem')) return optionIds(d, 'stratagem ')[0] ?? 'no stratagem';
  // Losses: the weakest or the least valuable first.
  if (ids.some((i) => i.startsWith('lose '))) {
    return optionIds(d, 'lose ').sort((a, b) => {
      const ua = r.index.unit[a.slice(5)];
      const ub = r.index.unit[b.slice(5)];
      const va = (ua.band === 'united-irishmen' ? 0 : ua.band === 'militia' ? 1 : 2) + (ua.reduced !== null ? -0.5 : 0);
      const vb = (ub.band === 'united-irishmen' ? 0 : ub.band === 'militia' ? 1 : 2) + (ub.reduced !== null ? -0.5 : 0);
      return va - vb || (a < b ? -1 : 1);
    })[0];
  }
  // Retreats, routs, advances, generals: the safest or the most attractive hex.
  const hexChoice = (prefix: string, idx: number) => {
    let best = '';
    let bs = -Infinity;
    for (const id of optionIds(d, prefix)) {
      const h = id.split(' ')[idx];
      if (h === 'off') continue;
      const sc = hexScore(v, me, h, 2) - (enemyHexes(v, me).some((e) => distance(r, e, h) === 1) ? 3 : 0) + rng() * 0.01;
      if (sc > bs) {
        bs = sc;
        best = id;
      }
    }
    return best || ids[0];
  };
  if (ids.some((i) => i.startsWith('retreat '))) return hexChoice('retreat ', 2);
  if (ids.some((i) => i.startsWith('rout '))) return hexChoice('rout ', 2);
  if (ids.some((i) => i.startsWith('general '))) return hexChoice('general ', 2);
  if (ids.some((i) => i.startsWith('advance '))) return optionIds(d, 'advance ')[0];
  if (ids.some((i) => i.startsWith('bombard '))) return optionIds(d, 'bombard ').sort()[0];
  if (ids.some((i) => i.startsWith('enter '))) return ids[0];
  if (ids.some((i) => i.startsWith('fill ') || i.startsWith('new '))) {
    const fill = optionIds(d, 'fill ');
    if (fill.length) return fill[0];
    return hexChoice('new ', 1);
  }
  return pick(ids);
};
