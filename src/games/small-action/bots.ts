/**
 * Bots: each a pure function of its side's view, the decision and the generator the engine gives it.
 * The random bot picks any legal option; the heuristic bot reads the view's `pending` (targets with
 * expected hits, destinations with cover and sight) and plays a plain section leader's game: it
 * makes for the scenario's objective and contests it, fires from cover, and closes with the enemy
 * when that makes sense (an assault: a Combat Move into contact, or into cover within throwing
 * range, then Aimed Fire with grenades) — when the enemy nearby is weaker, or is being suppressed,
 * or (an ambusher with grenades) from cover above a road the enemy is on, or to take the objective
 * late in the game. Everything it reads is public (figures, the cards once revealed, its own card).
 */
import type { Bot, Decision } from '../../engine/module.js';
import type { DestinationView, FigureView, SaView } from './view.js';

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

/** A cell name ("M14", or "m14" as option ids write it) as row and column (from 0). */
function place(id: string): [number, number] {
  const m = /^([A-Za-z]+)(\d+)$/.exec(id);
  if (!m) return [NaN, NaN];
  const l = m[1].toUpperCase();
  const row = l.length === 1 ? l.charCodeAt(0) - 65 : (l.charCodeAt(0) - 64) * 26 + (l.charCodeAt(1) - 65);
  return [row, Number(m[2]) - 1];
}

/** Distance between two cells' centres, in mm. */
function mm(v: SaView, a: string, b: string): number {
  const [ra, ca] = place(a);
  const [rb, cb] = place(b);
  return Math.hypot(ra - rb, ca - cb) * v.cellSize;
}

/** What the section leader weighs before closing in: strengths, the objective, grenades at hand. */
interface Situation {
  mine: FigureView[];
  theirs: FigureView[];
  /** Enemies standing within 400 mm of one of the section's men (two Combat Moves: an assault's reach). */
  close: FigureView[];
  /** The nearest enemy to one of the section's men, in mm. */
  nearest: number;
  /** Enemies within 400 mm who are suppressed this turn (public: turned about on the table). */
  closeSuppressed: number;
  grenades: number;
  /** Standing figures of each side in the objective's cells. */
  myHold: number;
  theirHold: number;
  /** Turns after this one. */
  left: number;
  /** Has anyone been hit yet? Until then an ambusher holds its fire and the others press on. */
  engaged: boolean;
}

function situation(v: SaView, side: string, sec: string): Situation {
  const mine = v.figures.filter((f) => f.side === side && f.status === 'ready' && f.cell);
  const theirs = v.figures.filter((f) => f.side !== side && f.status === 'ready' && f.cell);
  const own = mine.filter((f) => f.section === sec);
  const close = theirs.filter((e) => own.some((f) => mm(v, f.cell!, e.cell!) <= 400));
  const cells = new Set(v.scenario.objectives.flatMap((o) => o.cells));
  return {
    mine,
    theirs,
    close,
    nearest: Math.min(Infinity, ...theirs.flatMap((e) => own.map((f) => mm(v, f.cell!, e.cell!)))),
    closeSuppressed: close.filter((e) => e.suppressed).length,
    grenades: own.filter((f) => f.grenades > 0).length,
    myHold: mine.filter((f) => cells.has(f.cell!)).length,
    theirHold: theirs.filter((f) => cells.has(f.cell!)).length,
    left: v.turnLimit - v.turn,
    engaged: v.sections.some((x) => x.casualties > 0),
  };
}

/**
 * Should the section close with the enemy now (a Combat Move card)? Only with the enemy within
 * 400 mm: when clearly stronger, when the enemy holds the objective near the end, and now and then
 * (`dare`, from the generator) when no weaker; an ambusher with grenades goes in only at short range.
 * Never a section much weaker than the enemy, unless the objective calls. (A Fire and Movement card
 * also ends in an assault when the fire has suppressed the enemy nearby: see the movement.)
 */
function shouldAssault(v: SaView, side: string, sit: Situation, dare: number): boolean {
  if (!sit.close.length) return false;
  const ratio = sit.mine.length / Math.max(1, sit.theirs.length);
  if (v.scenario.objectives.length && sit.theirHold > 0 && sit.myHold === 0 && sit.left <= 3 && ratio >= 0.6) return true;
  if (ratio >= 1.5) return true;
  // An ambusher who must get away closes in only with grenades, the enemy within 350 mm (a
  // move and a throw, or nearly), no weaker than the enemy, and time left to get home after.
  if (v.scenario.mustExit === side) return sit.grenades > 0 && sit.nearest <= 350 && ratio >= 1 && sit.left >= 4 && dare < 0.6;
  return ratio >= 1 && dare < 0.3;
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
    const sit = situation(v, side, sec);
    const r = rng();
    // Within throwing range: Aimed Fire (grenades first, then rifles at short range); men next to the enemy fight anyway.
    if (p.nearestEnemy <= 100 && (sit.grenades > 0 || p.inCover * 2 >= mine || r < 0.5)) return pick(`order ${sec} aimed-fire`);
    if (shouldAssault(v, side, sit, r)) return pick(`order ${sec} combat`, `order ${sec} aimed-fire`);
    // A Combat Move with the enemy near is an assault (see the movement below): no other card moves that way then.
    const advance = !sit.close.length
      ? `order ${sec} combat`
      : p.enemiesInSight > 0
        ? `order ${sec} fire-and-movement cautious`
        : `order ${sec} cautious`;
    const ratio = sit.mine.length / Math.max(1, sit.theirs.length);
    // Clearly the stronger: press on (the enemy or the objective) rather than trade fire at long range.
    const held = sit.myHold > 0 && sit.theirHold === 0;
    if (ratio >= 1.5 && !sit.close.length && v.scenario.mustExit !== side && !held && r < 0.7) return pick(advance);
    if (v.scenario.objectives.length) {
      // Held by us alone: stay and fire from it. Otherwise make for it, under cover of the section's own fire when in sight.
      if (held) return pick(`order ${sec} aimed-fire`);
      if (p.enemiesInSight > 0 && r < 0.25) return pick(`order ${sec} fire-and-movement cautious`, `order ${sec} aimed-fire`);
      if (p.enemiesInSight > 0 && r < 0.8) return pick(`order ${sec} aimed-fire`);
      return pick(advance, `order ${sec} aimed-fire`);
    }
    if (p.enemiesInSight > 0) {
      // An ambusher stays put and fires (on the first turn it lets a marching enemy come on: see the
      // fire below); the enemy presses on until someone is hit, then works forward under its own fire.
      if (v.scenario.mustExit === side && !sit.engaged) return pick(`order ${sec} aimed-fire`);
      if (v.scenario.mustExit !== side && !sit.engaged && p.nearestEnemy > 300) return pick(advance, `order ${sec} aimed-fire`);
      if (v.scenario.mustExit !== side && p.nearestEnemy > 300 && r < 0.5)
        return pick(sit.close.length ? `order ${sec} fire-and-movement cautious` : `order ${sec} combat`);
      return r < (v.scenario.mustExit === side ? 0.15 : 0.3) ? pick(`order ${sec} suppressive-fire`) : pick(`order ${sec} aimed-fire`);
    }
    // Nobody in sight: an ambusher who must get away waits where it is; others close in.
    if (v.scenario.mustExit === side) return pick(`order ${sec} aimed-fire`);
    return pick(advance, `order ${sec} aimed-fire`);
  }
  if (p.stage === 'suppressive' || p.stage === 'aimed') {
    // An ambusher lets an enemy marching in on the first turn come on into the trap: it holds its
    // fire then, unless the enemy is already at short range (300 mm).
    const coming = v.figures.filter((f) => f.side !== side && f.status === 'ready' && /Move/.test(f.order ?? '')).length;
    const waiting = v.scenario.mustExit === side && p.nearestEnemy > 300 && v.turn < 2 && !situation(v, side, sec).engaged && coming > 0;
    if (waiting && has(d, `hold ${sec}`)) return `hold ${sec}`;
    // A grenade where it does more harm to the enemy than to our own men beside the burst (80 % in
    // the burst's cell, where the enemy is; 30 % on unprotected men beside it).
    const throwAt = p.throws
      .filter((t) => t.enemies > 0 && t.friends <= t.enemies)
      .sort((a, b) => b.enemies - a.enemies || a.friends - b.friends)[0];
    if (throwAt && has(d, `throw ${sec} at ${throwAt.cell}`)) return `throw ${sec} at ${throwAt.cell}`;
    const best = p.targets.slice().sort((a, b) => b.expected - a.expected)[0];
    return best ? pick(`fire ${sec} at ${best.section}`) : pick(`hold ${sec}`);
  }
  if (p.stage === 'movement') {
    const home = mustHeadHome(v, side, p.homeDistance);
    if (home && has(d, `move ${sec} off`)) return `move ${sec} off`;
    const sit = situation(v, side, sec);
    const card = v.sections.find((x) => x.id === sec)?.card ?? '';
    // A Combat Move with the enemy within 400 mm is an assault: into contact, or with grenades into
    // throwing range (in cover if there is any); so are the movers of Fire and Movement when its fire
    // has suppressed at least half the enemies near. Other moves keep 150 mm off.
    const pinned = sit.closeSuppressed * 2 >= sit.close.length;
    const assault = !home && sit.close.length > 0 && (card.startsWith('Combat') || (card.startsWith('Fire and Movement') && pinned));
    const stopAt = sit.grenades > 0 ? 100 : 71;
    const cover = { none: 0, soft: 1.5, hard: 3 };
    const score = (x: DestinationView): number => {
      if (x.to === 'off') return -Infinity;
      if (home) return -x.edge + cover[x.cover] * 10;
      if (assault) {
        // Into contact (or throwing range) first; short of it, cover, as on any move under fire.
        let s = -Math.max(x.nearestEnemy, stopAt) * 1.5 + cover[x.cover] * 10;
        if (x.nearestEnemy <= stopAt) s += 100;
        else if (x.cover === 'none' && x.enemiesInSight > 0) s -= 60;
        if (x.objective !== null) s -= x.objective * 0.3;
        return s + rng() * 5;
      }
      // Cover counts where the enemy can see or is near; out of his sight, speed does (along a road, say).
      // (Before anyone is hit, a section hunting an ambusher presses on along the road.)
      const wary = (x.enemiesInSight > 0 || x.nearestEnemy <= 400) && (sit.engaged || v.scenario.objectives.length > 0);
      let s = cover[x.cover] * (wary ? 25 : 5);
      if (x.objective !== null) s -= x.objective * 0.8;
      else s -= Math.max(x.nearestEnemy, 150) * 0.5;
      if (x.cover === 'none' && x.enemiesInSight > 0) s -= 40;
      // A firing position: in cover with the enemy in sight at short range.
      if (x.cover !== 'none' && x.enemiesInSight > 0 && x.nearestEnemy <= 300) s += 30;
      return s + rng() * 5;
    };
    const best = p.destinations.slice().sort((a, b) => score(b) - score(a))[0];
    if (best && has(d, `move ${sec} ${best.to}`)) return `move ${sec} ${best.to}`;
    return d.options[0].id;
  }
  return d.options[0].id;
};
