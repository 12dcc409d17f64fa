/**
 * The heuristic French (module contract: a pure function of the French view, the decision and the rng).
 * Humbert's stack is the strike force (5: unlimited stacking; 2, 8.2: his +2 on the die): it marches on
 * English stacks it beats on the CRT and on the towns the victory rules make worth most (13.2). United
 * Irishmen hold the towns taken; no stack ends a move where an English stack in reach would likely beat it.
 */
import type { Bot, Decision } from '../../engine/module.js';
import {
  attackChance,
  attackOffers,
  crtChance,
  enemyHexes,
  generalBonusAt,
  marchCosts,
  myUnitsIn,
  optionIds,
  reached,
  spOf,
  unitOf,
  type Goal,
} from './bot-sight.js';
import { distance, neighboursOf } from './map.js';
import type { HexId, SideName, UnitId } from './state.js';
import type { IrlView, UnitView } from './view.js';

const ME: SideName = 'French';
/**
 * Least CRT chance (8.2) for which the French attack or march to attack, five in six: they are few, and
 * each defeat costs a recruitment point (6.2). (Three or four in six lost more games against the heuristic English.)
 */
const STRIKE_CHANCE = 5 / 6;
/**
 * English chance of beating a stack (8.2) from which the French keep it away: four in six. Against the
 * heuristic English, fearing even odds froze Humbert's stack and fearing only sure defeats lost it.
 */
const DANGER = 4 / 6;
/** Hexes an English stack covers to attack next turn (4 MP, cavalry 6, half a hex on roads). */
const ENGLISH_REACH = 5;

const humbertHex = (v: IrlView): HexId | null => {
  const g = v.generals.find((x) => x.id === 'humbert');
  return g?.place === 'map' ? g.hex : null;
};

/** 13.2: a town's swing: the VP the French gain and the English lose when the French control it. */
const townSwing = (v: IrlView, h: HexId): number => {
  const t = v.rules.index.town[h];
  return t ? t.french + t.english : 0;
};

const goodOrder = (v: IrlView, side: SideName, h: HexId): UnitView[] =>
  v.units.filter((u) => u.side === side && u.place === 'map' && u.hex === h && !u.routed);

/** 13.2: the VP the French score when the good-order English units in `h` are routed or eliminated. */
const englishVpIn = (v: IrlView, h: HexId): number =>
  goodOrder(v, 'English', h).reduce(
    (t, u) => t + (u.band === 'regular' ? v.rules.victory.french.regular : v.rules.victory.french.militia),
    0,
  );

/** 11.1: the bayonet charge's shift for an attack by `units`, while no French stratagem is used this turn. */
function bayonetShift(v: IrlView, units: UnitView[]): number {
  if (v.stratagemThisTurn.French || !units.some((u) => v.rules.index.unit[u.id].demiBrigade70 && u.type === 'infantry')) return 0;
  return units.length === 1 && units[0].id === '70e-g' ? 2 : 1;
}

/**
 * The best chance an English stack within reach has of beating `sp` French SP standing in `h` (8.2 at
 * the odds the French can read: they see every English counter), Lake's +1 and Humbert's -2 on the
 * die (2). Stacks in `ignore` are left out (the one we mean to attack first).
 */
function danger(v: IrlView, h: HexId, sp: number, withHumbert: boolean, ignore: HexId | null = null): number {
  let worst = 0;
  for (const e of enemyHexes(v, ME)) {
    if (e === ignore || distance(v.rules, e, h) > ENGLISH_REACH) continue;
    const theirs = spOf(goodOrder(v, 'English', e));
    if (!theirs) continue;
    const mod = generalBonusAt(v, e, 'English') - (withHumbert ? 2 : 0);
    worst = Math.max(worst, crtChance(v, theirs, sp, h, 0, mod));
  }
  return worst;
}

/**
 * The United Irishmen garrison of a French-held VP town with an English unit in reach (13.2: control
 * passes to the last side through it): the strongest United Irishmen unit there stays. French (blue)
 * units are worth 2 VP to the English (13.2) and march with Humbert instead.
 */
function garrisonOf(v: IrlView, h: HexId): UnitId | null {
  if (!v.rules.index.town[h] || v.control[h] !== ME) return null;
  if (!enemyHexes(v, ME).some((e) => distance(v.rules, e, h) <= ENGLISH_REACH + 1)) return null;
  const ui = goodOrder(v, ME, h)
    .filter((u) => u.band === 'united-irishmen')
    .sort((a, b) => b.strength - a.strength || (a.id < b.id ? -1 : 1));
  return ui[0]?.id ?? null;
}

/** The French units in `h` that would march together (everyone in good order but the garrison). */
function marchers(v: IrlView, h: HexId): UnitView[] {
  const keep = garrisonOf(v, h);
  return goodOrder(v, ME, h).filter((u) => u.id !== keep);
}

/** The hex, other than `from`, holding the most SP of French (blue) units in good order, if any: only when it outweighs `from`. */
function largestBlueStack(v: IrlView, from: HexId): HexId | null {
  const blue = (h: HexId) => spOf(goodOrder(v, ME, h).filter((u) => u.band === 'french'));
  const hexes = [...new Set(v.units.filter((u) => u.side === ME && u.band === 'french' && u.place === 'map' && u.hex).map((u) => u.hex!))];
  const best = hexes.filter((h) => h !== from).sort((a, b) => blue(b) - blue(a) || (a < b ? -1 : 1))[0];
  return best && blue(best) > blue(from) ? best : null;
}

/**
 * The goal of the French stack of `sp` SP in `from` (with Humbert or not), or null when it is best where
 * it stands. Each candidate is worth its value over (1 + distance):
 * - an English stack it (with friends already next to it) beats at STRIKE_CHANCE or better:
 *   its chance x (2 + the VP its rout gives + its town's swing);
 * - an English-held VP town with no English unit, where the stack would be safe: its swing + 0.5;
 * - for a stack without Humbert, a French-held VP town left empty (or that it would leave empty) with the
 *   English in reach, where the stack would be safe: half its swing (his stack strikes; others hold);
 * - Humbert's stack, for French units without him: 1.
 */
function frenchGoal(v: IrlView, from: HexId, sp: number, withHumbert: boolean): Goal | null {
  const r = v.rules;
  const dist = (h: HexId) => distance(r, from, h);
  const cands: { goal: Goal; value: number }[] = [];
  const enemies = enemyHexes(v, ME);
  const movers = marchers(v, from);
  for (const e of enemies) {
    const theirs = goodOrder(v, 'English', e);
    if (!theirs.length) continue;
    const friends = v.units.filter(
      (u) => u.side === ME && u.place === 'map' && u.hex && u.hex !== from && !u.routed && distance(r, u.hex, e) === 1,
    );
    const chance = attackChance(v, ME, sp + spOf(friends), e, [from], bayonetShift(v, [...movers, ...friends]));
    if (chance >= STRIKE_CHANCE)
      cands.push({ goal: { hex: e, kind: 'attack' }, value: (chance * (2 + englishVpIn(v, e) + townSwing(v, e))) / (1 + dist(e)) });
  }
  // The French left in a town once this stack has marched (holding the town it stands in counts as a goal already reached).
  const left = (h: HexId) => myUnitsIn(v, ME, h).filter((u) => h !== from || !movers.some((m) => m.id === u.id));
  for (const t of r.victory.towns) {
    if (enemies.includes(t.hex) || danger(v, t.hex, sp, withHumbert) >= DANGER) continue;
    if (v.control[t.hex] !== ME) cands.push({ goal: { hex: t.hex, kind: 'town' }, value: (townSwing(v, t.hex) + 0.5) / (1 + dist(t.hex)) });
    else if (!withHumbert && !left(t.hex).length && enemies.some((e) => distance(r, e, t.hex) <= ENGLISH_REACH + 1))
      cands.push({ goal: { hex: t.hex, kind: 'town' }, value: townSwing(v, t.hex) / 2 / (1 + dist(t.hex)) });
  }
  // French (blue) units gather on Humbert (5: no stacking limit with him), and his stack on the largest body apart from him.
  const humbert = humbertHex(v);
  if (humbert && movers.every((u) => u.band === 'french')) {
    const body = withHumbert ? largestBlueStack(v, from) : humbert !== from ? humbert : null;
    if (body) cands.push({ goal: { hex: body, kind: 'join' }, value: 1 / (1 + dist(body)) });
  }
  cands.sort((a, b) => b.value - a.value || (a.goal.hex < b.goal.hex ? -1 : 1));
  const best = cands[0]?.goal;
  if (!best || reached(v, from, best)) return null;
  return best;
}

/** The step toward the goal: a neighbour with a cheaper march to it where the stack is safe (the cheapest, then the safest), else none. */
function stepToward(v: IrlView, here: HexId, steps: HexId[], goal: Goal, sp: number, withHumbert: boolean): HexId | null {
  const cost = marchCosts(v, ME, goal.hex);
  const far = (h: HexId) => cost[h] ?? Infinity;
  // Stepping onto friends, the stack stands with them (and with Humbert if he is there).
  const risk = (h: HexId) =>
    danger(v, h, sp + spOf(goodOrder(v, ME, h)), withHumbert || humbertHex(v) === h, goal.kind === 'attack' ? goal.hex : null);
  const ranked = steps
    .filter((h) => far(h) < far(here) && !reached(v, here, goal) && risk(h) < DANGER)
    .sort((a, b) => far(a) - far(b) || risk(a) - risk(b) || (a < b ? -1 : 1));
  return ranked[0] ?? null;
}

/** Whether the stack in `h` has a goal one safe step away (no aimless walks). */
function wantsToMarch(v: IrlView, h: HexId): boolean {
  const sp = spOf(marchers(v, h));
  if (!sp) return false;
  const withHumbert = humbertHex(v) === h;
  const goal = frenchGoal(v, h, sp, withHumbert);
  if (!goal) return false;
  const steps = neighboursOf(v.rules, h).filter((n) => v.rules.index.terrain[v.rules.index.hex[n].terrain].cost.infantry !== null);
  return stepToward(v, h, steps, goal, sp, withHumbert) !== null;
}

/** French movement (7): Humbert's stack first, then the strongest; garrisons stay; each step nears a goal safely. */
function frenchMovement(v: IrlView, d: Decision): string {
  const ids = d.options.map((o) => o.id);
  if (v.moving) {
    const here = v.moving.path[v.moving.path.length - 1];
    const keep = v.moving.path.length === 1 ? garrisonOf(v, v.moving.path[0]) : null;
    if (ids.includes('with all') && !(keep && ids.includes(`with ${keep}`))) return 'with all';
    const withs = optionIds(d, 'with ').filter((w) => w !== 'with all' && w !== `with ${keep}`);
    if (withs.length) return withs[0];
    const moving = (v.moving.units ?? []).map((u) => unitOf(v, u)).filter((u): u is UnitView => !!u);
    const sp = spOf(moving);
    const withHumbert = humbertHex(v) === here;
    const goal = frenchGoal(v, here, sp, withHumbert);
    const steps = optionIds(d, 'to ')
      .map((id) => id.slice(3))
      .filter((h) => !v.moving!.path.includes(h));
    const step = goal ? stepToward(v, here, steps, goal, sp, withHumbert) : null;
    if (step) return `to ${step}`;
    if (ids.includes('stop')) return 'stop';
    // The first step is owed (no 'stop' before it): the safest.
    const fallback = steps.slice().sort((a, b) => danger(v, a, sp, withHumbert) - danger(v, b, sp, withHumbert) || (a < b ? -1 : 1))[0];
    return fallback ? `to ${fallback}` : ids[0];
  }
  // Forced march (11.1): Humbert's stack moves again while it still has a goal to reach.
  const humbert = humbertHex(v);
  if (ids.includes('stratagem forced-march') && humbert && wantsToMarch(v, humbert)) return 'stratagem forced-march';
  const candidates = optionIds(d, 'move ')
    .map((id) => ({ id, u: unitOf(v, id.slice(5)) }))
    .filter((c) => c.u?.hex && c.u.id !== garrisonOf(v, c.u.hex) && wantsToMarch(v, c.u.hex))
    .sort((a, b) => Number(b.u!.hex === humbert) - Number(a.u!.hex === humbert) || b.u!.strength - a.u!.strength || (a.id < b.id ? -1 : 1));
  return candidates[0]?.id ?? 'end movement';
}

/** French units in good order next to `h` (the ones that may attack it). */
const besiegers = (v: IrlView, h: HexId): UnitView[] =>
  v.units.filter((u) => u.side === ME && u.place === 'map' && u.hex && !u.routed && distance(v.rules, u.hex, h) === 1);

/** Combat (8): the attack worth most among those won at STRIKE_CHANCE or better (every eligible unit joins, the bayonet if it is free). */
function frenchAttack(v: IrlView, d: Decision): string {
  let best = 'end combat';
  let bestWorth = 0;
  for (const { id, hex: h, avail } of attackOffers(d)) {
    const units = besiegers(v, h);
    const from = [...new Set(units.map((u) => u.hex!))];
    const chance = attackChance(v, ME, avail, h, from, bayonetShift(v, units));
    if (chance < STRIKE_CHANCE) continue;
    const worth = chance * (2 + englishVpIn(v, h) + townSwing(v, h));
    if (worth > bestWorth) {
      bestWorth = worth;
      best = id;
    }
  }
  return best;
}

/** Naming the attackers: everyone eligible, then the bayonet (11.1) or French officers when they add to the chance, then fight. */
function frenchAttackers(v: IrlView, d: Decision): string {
  const ids = d.options.map((o) => o.id);
  if (ids.includes('with all')) return 'with all';
  const withs = optionIds(d, 'with ');
  if (withs.length) return withs[0];
  const c = v.combat!;
  const attackers = (c.attackers ?? []).map((u) => unitOf(v, u)).filter((u): u is UnitView => !!u);
  const from = [...new Set(attackers.map((u) => u.hex!))];
  const sp = spOf(attackers);
  const plain = attackChance(v, ME, sp, c.target, from);
  if (ids.includes('stratagem bayonet') && attackChance(v, ME, sp, c.target, from, bayonetShift(v, attackers)) > plain)
    return 'stratagem bayonet';
  if (ids.includes('stratagem officers') && attackChance(v, ME, sp, c.target, from, 0, 1) > plain) return 'stratagem officers';
  return 'fight';
}

/** Losses (8.3): the French choose the loss that costs fewest VP (13.2): a step off a two-sided counter, a United Irishman's point. */
function frenchLoss(v: IrlView, d: Decision): string {
  const cost = (id: string) => {
    const data = v.rules.index.unit[id];
    const u = unitOf(v, id);
    const eliminated = data.variable ? (u?.strength ?? 1) <= 1 : data.reduced === null || u?.strength === data.reduced;
    const vp = data.band === 'french' ? v.rules.victory.english.french : v.rules.victory.english.unitedIrishmen;
    return (eliminated ? vp : 0) + (data.band === 'french' ? 0.5 : 0.25);
  };
  return optionIds(d, 'lose ').sort((a, b) => cost(a.slice(5)) - cost(b.slice(5)) || (a < b ? -1 : 1))[0];
}

/**
 * Where a unit goes when it must (retreat 9.1, rout 9.2, a general placed 8.3): never next to a good-order
 * English unit (a routed unit there surrenders, 9.2), then toward Humbert and French-held towns.
 */
function frenchRefuge(v: IrlView, d: Decision, prefix: string, idx: number): string {
  const humbert = humbertHex(v);
  const score = (h: HexId) => {
    const nextToEnemy = v.units.some(
      (u) => u.side === 'English' && u.place === 'map' && !u.routed && u.hex && distance(v.rules, u.hex, h) <= 1,
    );
    return (
      (nextToEnemy ? -10 : 0) -
      danger(v, h, 1, false) * 2 +
      (v.rules.index.town[h] && v.control[h] === ME ? 1 : 0) -
      (humbert ? distance(v.rules, h, humbert) / 10 : 0) -
      (v.rules.rout.englishRoutHexes.includes(h) ? 1 : 0)
    );
  };
  const opts = optionIds(d, prefix).filter((id) => id.split(' ')[idx] !== 'off');
  return opts.sort((a, b) => score(b.split(' ')[idx]) - score(a.split(' ')[idx]) || (a < b ? -1 : 1))[0] ?? d.options[0].id;
}

/**
 * Advance after combat (8.3): into a VP town the whole force goes (13.2: it takes control); elsewhere it
 * stays. Humbert's stack advances only when all of it can (he follows his last unit; without him the
 * hex holds 5 SP, rule 5): split, it loses his bonus and its safety. It walks in next turn.
 */
function frenchAdvance(v: IrlView, d: Decision): string {
  const done = d.options.some((o) => o.id === 'done') ? 'done' : d.options[0].id;
  const humbert = humbertHex(v);
  const into = optionIds(d, 'advance ').find((id) => {
    const [, unit, h] = id.split(' ');
    if (!v.rules.index.town[h]) return false;
    return unitOf(v, unit)?.hex !== humbert || spOf(goodOrder(v, ME, humbert!)) <= v.rules.stacking.limit;
  });
  return into ?? done;
}

/**
 * Recruitment (6.2): a point goes to the United Irishmen unit nearest the English (a stronger garrison);
 * a new counter to the French-held town worth most that has no French unit.
 */
function frenchRecruit(v: IrlView, d: Decision): string {
  const nearest = (h: HexId) => Math.min(99, ...enemyHexes(v, ME).map((e) => distance(v.rules, e, h)));
  const fill = optionIds(d, 'fill ');
  if (fill.length) {
    const hexOf = (id: string) => unitOf(v, id.slice(5))?.hex ?? '';
    return fill.sort((a, b) => nearest(hexOf(a)) - nearest(hexOf(b)) || (a < b ? -1 : 1))[0];
  }
  const worth = (h: HexId) => townSwing(v, h) + (myUnitsIn(v, ME, h).length ? 0 : 3) - nearest(h) / 10;
  return optionIds(d, 'new ').sort((a, b) => worth(b.split(' ')[1]) - worth(a.split(' ')[1]) || (a < b ? -1 : 1))[0] ?? d.options[0].id;
}

/** The French general: land at Killala, strike with Humbert's stack, take and hold the towns. */
export const frenchBot: Bot<IrlView> = (v, d, rng) => {
  const r = v.rules;
  const ids = d.options.map((o) => o.id);
  const has = (id: string) => ids.includes(id);
  const starts = (p: string) => ids.some((i) => i.startsWith(p));

  // Landing (12.1): the Grenadiers alone against Killala (with the bayonet), else the landing hex nearest Ballina.
  if (starts('attack-killala ')) return has('attack-killala 70e-g') ? 'attack-killala 70e-g' : optionIds(d, 'attack-killala ')[0];
  if (starts('land '))
    return optionIds(d, 'land ').sort((a, b) => distance(r, a.slice(5), '0507') - distance(r, b.slice(5), '0507') || (a < b ? -1 : 1))[0];
  if (v.moving || starts('to ') || starts('move ') || has('stop') || has('end movement')) return frenchMovement(v, d);
  if (starts('attack ') || has('end combat')) return frenchAttack(v, d);
  if (has('fight') || starts('with ')) return frenchAttackers(v, d);
  // French officers in defence (11.1): -1 to an English attack on United Irishmen alone.
  if (has('no stratagem')) return optionIds(d, 'stratagem ')[0] ?? 'no stratagem';
  if (starts('lose ')) return frenchLoss(v, d);
  if (starts('retreat ')) return frenchRefuge(v, d, 'retreat ', 2);
  if (starts('rout ')) return frenchRefuge(v, d, 'rout ', 2);
  if (starts('general ')) return frenchRefuge(v, d, 'general ', 2);
  if (starts('advance ')) return frenchAdvance(v, d);
  if (starts('fill ') || starts('new ')) return frenchRecruit(v, d);
  return ids[Math.floor(rng() * ids.length)];
};
