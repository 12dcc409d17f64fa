/**
 * Bots: each a pure function of its side's view, the decision and the generator the engine gives it.
 * The random bot picks any legal option; the heuristic bot reads the view's `pending` (targets with
 * expected hits, destinations with cover and sight) and plays a plain section leader's game.
 */
import type { Bot, Decision } from '../../engine/module.js';
import type { DestinationView, SaView } from './view.js';

export { randomBot } from '../../engine/bots.js';

function has(d: Decision, id: string): boolean {
  return d.options.some((o) => o.id === id);
}

/** Turns left after this one, and whether the side must be heading home now. */
function mustHeadHome(v: SaView, side: string, homeDistance: number): boolean {
  if (v.scenario.mustExit !== side) return false;
  const left = v.turnLimit - v.turn + 1;
  return left * 150 <= homeDistance + 300;
}

export const heuristicBot: Bot<SaView> = (v, d, rng) => {
  const p = v.pending;
  const side = d.side;
  if (!p) return d.options[0].id;
  const sec = p.section;
  const pick = (...ids: string[]) => ids.find((id) => has(d, id)) ?? d.options[0].id;
  if (p.stage === 'orders') {
    const home = mustHeadHome(v, side, p.homeDistance);
    const mine = v.figures.filter((f) => f.section === sec && f.status === 'ready').length;
    if (home) return pick(`order ${sec} march`, `order ${sec} combat`);
    if (p.enemiesInSight > 0) {
      if (p.nearestEnemy <= 100 && p.inCover * 2 < mine) return pick(`order ${sec} aimed-fire`);
      const r = rng();
      if (v.scenario.objectives.length && r < 0.25) return pick(`order ${sec} fire-and-movement cautious`, `order ${sec} aimed-fire`);
      return r < 0.15 ? pick(`order ${sec} suppressive-fire`) : pick(`order ${sec} aimed-fire`);
    }
    // Nobody in sight: an ambusher who must get away waits where it is; others close in (or make for the objective).
    if (v.scenario.mustExit === side) return pick(`order ${sec} aimed-fire`);
    return pick(`order ${sec} combat`, `order ${sec} aimed-fire`);
  }
  if (p.stage === 'suppressive' || p.stage === 'aimed') {
    const throwAt = p.throws.filter((t) => t.enemies > 0 && t.friends === 0).sort((a, b) => b.enemies - a.enemies)[0];
    if (throwAt && has(d, `throw ${sec} at ${throwAt.cell}`)) return `throw ${sec} at ${throwAt.cell}`;
    const best = p.targets.slice().sort((a, b) => b.expected - a.expected)[0];
    return best ? pick(`fire ${sec} at ${best.section}`) : pick(`hold ${sec}`);
  }
  if (p.stage === 'movement') {
    const home = mustHeadHome(v, side, p.homeDistance);
    if (home && has(d, `move ${sec} off`)) return `move ${sec} off`;
    const cover = { none: 0, soft: 1.5, hard: 3 };
    const score = (x: DestinationView): number => {
      if (x.to === 'off') return -Infinity;
      if (home) return -x.edge + cover[x.cover] * 10;
      let s = cover[x.cover] * 25;
      if (x.objective !== null) s -= x.objective * 0.8;
      else s -= Math.max(x.nearestEnemy, 150) * 0.5;
      if (x.cover === 'none' && x.enemiesInSight > 0) s -= 40;
      return s + rng() * 5;
    };
    const best = p.destinations.slice().sort((a, b) => score(b) - score(a))[0];
    if (best && has(d, `move ${sec} ${best.to}`)) return `move ${sec} ${best.to}`;
    return d.options[0].id;
  }
  return d.options[0].id;
};
