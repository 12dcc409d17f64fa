/** Bots: each decides from its own side's view only. */
import type { Bot, Decision } from '../../engine/module.js';
import { windowOf } from './cards.js';
import { other, type CardLine, type SideName } from './state.js';
import { viewLine, type EcwView } from './view.js';

export { randomBot } from '../../engine/bots.js';

/** How much a battle card is worth to its player (score plus its effects, roughly). */
function cardValue(l: CardLine): number {
  let v = l.score ?? 0;
  for (const m of l.effect.modifiers ?? []) v += m.target === 'self' ? m.amount : -m.amount / (m.aspect === 'troops' ? 3 : 1);
  if (l.effect.negates) v += 4;
  if (l.effect.negatesTroopPenalty) v += 2;
  for (const r of l.effect.regimentLoss ?? [])
    v += (r.who === 'opponent' ? 1 : r.who === 'self' ? -1 : 0) * (r.fixed ?? 3.5 * (r.dice ?? 0));
  if (l.effect.stealDice) v += 5;
  return v;
}

/** The sum of the best card per aspect in hand (roughly what a battle would get from it). */
function handPower(v: EcwView, me: SideName, segment: 'battle' | 'siege' = 'battle', role: 'attacker' | 'defender' = 'attacker'): number {
  const best: Record<string, number> = {};
  for (const c of v.sides[me].hand ?? []) {
    const l = viewLine(v, c);
    const r = l.restrictions;
    if (l.kind !== 'battle' || (r.side && r.side !== me) || (r.role && r.role !== role) || (r.segment && r.segment !== segment)) continue;
    best[l.aspect!] = Math.max(best[l.aspect!] ?? 0, cardValue(l));
  }
  return Object.values(best).reduce((a, b) => a + b, 0);
}

const has = (d: Decision, id: string) => d.options.some((o) => o.id === id);

/** The siege defender's +2 Terrain (rulebook: Siege Segment), as the bot counts it. */
const SIEGE_TERRAIN = 2;

/**
 * The defender's choice: fight where its own legal cards are stronger — a battle takes B cards and
 * not S cards, a siege S cards (defender-only ones too) and not B cards, plus +2 Terrain — and make a
 * strategic retreat when it has no card for either and fewer Regiments, or is hopelessly outnumbered,
 * unless the markers a retreat hands over would lose the game anyway.
 */
function defenderChoice(v: EcwView, me: SideName, ids: string[]): string {
  if (ids.length === 1) return ids[0];
  const mine = v.sides[me].regiments;
  const theirs = v.sides[other(me)].regiments;
  const battle = handPower(v, me, 'battle', 'defender');
  const siegeCards = handPower(v, me, 'siege', 'defender');
  const siege = siegeCards + SIEGE_TERRAIN;
  const segment = ids.includes('accept siege') && siege > battle ? 'accept siege' : 'accept battle';
  const cards = segment === 'accept siege' ? siegeCards : battle;
  // A retreat that hands over the last markers (or, on the last turn, the lead) loses for certain: fight.
  const markers = v.strategicRetreatMarkers;
  const lastTurn = v.turnLimit !== null && v.turn >= v.turnLimit;
  const hopeless =
    v.sides[me].territory <= markers || (lastTurn && v.sides[me].territory - markers <= v.sides[other(me)].territory + markers);
  const retreat = ids.includes('strategic retreat') && !hopeless;
  if (retreat && cards <= 0 && mine < theirs) return 'strategic retreat';
  if (retreat && mine * 3 < theirs && mine + (segment === 'accept siege' ? siege : battle) < theirs) return 'strategic retreat';
  return segment;
}

/** Plays its best legal card per aspect, attacks when stronger, keeps Regiments within support. */
export const heuristicBot: Bot<EcwView> = (v, d, rng) => {
  const me = d.side as SideName;
  const opp = other(me);
  const mine = v.sides[me];
  const theirs = v.sides[opp];
  const stronger = mine.regiments + handPower(v, me) > theirs.regiments + 12;
  const ids = d.options.map((o) => o.id);
  // Now and then it attacks anyway, so two cautious bots cannot stall for ever.
  if (has(d, 'declare attack')) return stronger || rng() < 0.1 || !has(d, 'declare defend') ? 'declare attack' : 'declare defend';
  if (has(d, 'accept battle')) return defenderChoice(v, me, ids);
  if (has(d, 'conduct siege')) {
    // The defender has +2 Terrain and its defender-only siege cards: a guess of 16 for what it holds.
    const siegePower = mine.regiments + handPower(v, me, 'siege', 'attacker');
    return siegePower > theirs.regiments + 16 ? 'conduct siege' : 'decline siege';
  }
  if (d.options.some((o) => /^(tactics|terrain|troops|leadership|morale) c\d+$/.test(o.id))) {
    let best = 'none';
    let bestValue = -Infinity;
    for (const o of d.options) {
      if (o.id === 'none') continue;
      const val = cardValue(viewLine(v, o.id.split(' ')[1]));
      if (val > bestValue) {
        bestValue = val;
        best = o.id;
      }
    }
    return best;
  }
  if (d.options.some((o) => o.id.startsWith('discard '))) {
    // End Phase: throw away what this side can never play.
    const useless = d.options.find((o) => o.id.startsWith('discard ') && viewLine(v, o.id.slice(8)).restrictions.side === opp);
    return useless ? useless.id : 'done';
  }
  const plays = d.options.filter((o) => o.id.startsWith('play '));
  for (const o of plays) {
    const l = viewLine(v, o.id.slice(5));
    const w = windowOf(l);
    if (w === 'muster') {
      // Keep Regiments within support: muster events only while the expected muster stays under the limit.
      const allies = (v.scots === me ? 1 : 0) + (me === 'Royalist' && v.irish ? 1 : 0);
      const expected = mine.regiments + 3.5 * (4 + allies + (mine.committed?.length ?? 0));
      if (expected < mine.supportLimit + 7) return o.id;
      continue;
    }
    if (w === 'blunder' && !stronger) continue;
    return o.id;
  }
  if (has(d, 'roll')) return 'roll';
  if (has(d, 'done')) return 'done';
  return d.options[0].id;
};
