/**
 * Bots (module contract): pure functions of their side's view, the decision and the rng. The
 * heuristic English never look inside Humbert's stack: they guess its strength from its counters,
 * conservatively (every counter a strong one).
 */
import type { Bot, Decision } from '../../engine/module.js';
import { crtCell, oddsColumn } from './combat.js';
import { distance, neighboursOf } from './map.js';
import type { HexId, SideName, UnitId } from './state.js';
import type { IrlView, UnitView } from './view.js';

export { randomBot } from '../../engine/bots.js';

/** SP the English assume for each counter of Humbert's hidden stack: the strongest French counter. */
const HIDDEN_SP_PER_COUNTER = 2;
/** Counters the English assume in Humbert's stack when its size is hidden (the landing force and a recruit). */
const HIDDEN_COUNTERS_UNKNOWN = 6;
/** Hexes within which an enemy unit is taken to be able to reach a town next turn (4 MP, half on roads). */
const THREAT_RANGE = 6;
/** Least chance of winning (by the CRT, as the attacker sees the odds) for which a side attacks or marches to attack. */
const ATTACK_CHANCE: Record<SideName, number> = { English: 0.5, French: 0.5 };

const enemyOf = (me: SideName): SideName => (me === 'French' ? 'English' : 'French');

/** Strength the viewer believes stands in a hex (the hidden stack counted as strong counters). */
function believedStrength(v: IrlView, h: HexId, side: SideName): number {
  let sp = v.units.filter((u) => u.place === 'map' && u.hex === h && u.side === side).reduce((t, u) => t + u.strength, 0);
  if (side === 'French' && v.hiddenStack && !v.hiddenStack.atSea && v.hiddenStack.hex === h)
    sp += HIDDEN_SP_PER_COUNTER * (v.hiddenStack.counters ?? HIDDEN_COUNTERS_UNKNOWN);
  return sp;
}

function enemyHexes(v: IrlView, me: SideName): HexId[] {
  const out = new Set<HexId>();
  for (const u of v.units) if (u.side !== me && u.place === 'map' && u.hex) out.add(u.hex);
  if (me === 'English' && v.hiddenStack && !v.hiddenStack.atSea) out.add(v.hiddenStack.hex);
  return [...out].sort();
}

const myUnitsIn = (v: IrlView, me: SideName, h: HexId): UnitView[] =>
  v.units.filter((u) => u.side === me && u.place === 'map' && u.hex === h);

const spOf = (units: UnitView[]): number => units.reduce((t, u) => t + u.strength, 0);

/** The general of `side` standing in `h`, if any (his bonus goes to his side's die). */
function generalBonusAt(v: IrlView, h: HexId, side: SideName): number {
  let bonus = 0;
  for (const g of v.generals) {
    const data = v.rules.index.general[g.id];
    if (data.side === side && g.place === 'map' && g.hex === h) bonus += data.bonus;
  }
  return bonus;
}

/**
 * The attacker's chance of winning a combat (a bold "a" on the CRT) with `attack` SP against what it
 * believes stands in `target`: the odds column less the terrain shift, the die raised by its general
 * (when one stands in `from`) and lowered by the defender's.
 */
function attackChance(v: IrlView, me: SideName, attack: number, target: HexId, from: HexId[]): number {
  const r = v.rules;
  const defence = Math.max(1, believedStrength(v, target, enemyOf(me)));
  let column = oddsColumn(r, attack, defence) - r.index.terrain[r.index.hex[target].terrain].shift;
  if (from.length && from.every((h) => r.index.river[h]?.[target])) column -= r.movement.riverShift;
  column = Math.max(0, Math.min(r.crt.columns.length - 1, column));
  const mod = Math.max(0, ...from.map((h) => generalBonusAt(v, h, me))) - generalBonusAt(v, target, enemyOf(me));
  let wins = 0;
  for (let die = 1; die <= 6; die++) if (crtCell(r, column, die + mod).winner === 'attacker') wins++;
  return wins / 6;
}

/** Hexes a stack may step into, as far as the view tells: on the map, no lake or sea, no enemy. */
function passable(v: IrlView, me: SideName, h: HexId): boolean {
  const t = v.rules.index.terrain[v.rules.index.hex[h].terrain];
  return t.cost.infantry !== null && !enemyHexes(v, me).includes(h);
}

/** Whether an enemy unit (or Humbert's stack) stands within reach of `h` next turn. */
const threatened = (v: IrlView, me: SideName, h: HexId): boolean => enemyHexes(v, me).some((e) => distance(v.rules, e, h) <= THREAT_RANGE);

/**
 * Garrisons (rule 13.2: towns are worth VP to whoever controls them at the end): in a VP town held by
 * `me` with an enemy within reach, one unit stays: the Sligo Garrison where it is, else the weakest.
 */
function garrisonOf(v: IrlView, me: SideName, h: HexId): UnitId | null {
  const r = v.rules;
  if (!r.index.town[h] || v.control[h] !== me || !threatened(v, me, h)) return null;
  const here = myUnitsIn(v, me, h).filter((u) => !u.routed);
  if (!here.length) return null;
  const sligo = here.find((u) => u.id === r.rout.sligoGarrison);
  if (sligo) return sligo.id;
  return here.slice().sort((a, b) => a.strength - b.strength || (a.id < b.id ? -1 : 1))[0].id;
}

function optionIds(d: Decision, prefix: string): string[] {
  return d.options.filter((o) => o.id.startsWith(prefix)).map((o) => o.id);
}

const unitOf = (v: IrlView, id: string): UnitView | undefined => v.units.find((u) => u.id === id);

/** Where an English stack marches: a French stack it can beat, a town to take back or hold, or Lake's army. */
interface Goal {
  hex: HexId;
  /** 'attack': stop next to it; otherwise stop in it. */
  kind: 'attack' | 'town' | 'join';
}

/**
 * The English goal for the stack of `sp` strength points in `from` (the garrison left out), or null
 * when it is best where it stands. Each candidate is worth its value over (1 + distance):
 * - a French stack it (with friends already next to it) beats at the odds it can see: 3 x its chance;
 * - a VP town held by the French with no French unit in it: its VP + 0.5;
 * - one of its own VP towns left empty with a French unit in reach: 1.5;
 * - Lake's army, for a stack without him (concentrate before attacking): 1.
 */
function englishGoal(v: IrlView, from: HexId, sp: number): Goal | null {
  const r = v.rules;
  const me: SideName = 'English';
  const dist = (h: HexId) => distance(r, from, h);
  const cands: { goal: Goal; value: number }[] = [];
  const enemies = enemyHexes(v, me);
  for (const e of enemies) {
    const friends = v.units
      .filter((u) => u.side === me && u.place === 'map' && u.hex && u.hex !== from && !u.routed && distance(r, u.hex, e) === 1)
      .reduce((t, u) => t + u.strength, 0);
    const chance = attackChance(v, me, sp + friends, e, [from]);
    if (chance >= ATTACK_CHANCE.English) cands.push({ goal: { hex: e, kind: 'attack' }, value: (3 * chance) / (1 + dist(e)) });
  }
  for (const t of r.victory.towns) {
    if (enemies.includes(t.hex)) continue;
    if (v.control[t.hex] !== me) cands.push({ goal: { hex: t.hex, kind: 'town' }, value: (t.english + 0.5) / (1 + dist(t.hex)) });
    else if (!myUnitsIn(v, me, t.hex).length && threatened(v, me, t.hex))
      cands.push({ goal: { hex: t.hex, kind: 'town' }, value: 1.5 / (1 + dist(t.hex)) });
  }
  const lake = v.generals.find((g) => g.id === 'lake');
  if (lake?.place === 'map' && lake.hex && lake.hex !== from)
    cands.push({ goal: { hex: lake.hex, kind: 'join' }, value: 1 / (1 + dist(lake.hex)) });
  cands.sort((a, b) => b.value - a.value || (a.goal.hex < b.goal.hex ? -1 : 1));
  const best = cands[0]?.goal;
  if (!best || reached(v, from, best)) return null;
  return best;
}

const reached = (v: IrlView, h: HexId, g: Goal): boolean => distance(v.rules, h, g.hex) <= (g.kind === 'attack' ? 1 : 0);

/** Danger of standing in `h`: next to an enemy stack stronger than half again our own (not our target). */
function exposed(v: IrlView, me: SideName, h: HexId, sp: number, goal: Goal | null): boolean {
  return enemyHexes(v, me).some((e) => e !== goal?.hex && distance(v.rules, h, e) === 1 && believedStrength(v, e, enemyOf(me)) > sp * 1.5);
}

/** The step toward the goal: the passable neighbour nearest to it (safe ones first), if nearer than `here`. */
function stepToward(v: IrlView, me: SideName, here: HexId, steps: HexId[], goal: Goal, sp: number): HexId | null {
  const d0 = distance(v.rules, here, goal.hex);
  const ranked = steps
    .filter((h) => distance(v.rules, h, goal.hex) < d0)
    .sort(
      (a, b) =>
        Number(exposed(v, me, a, sp, goal)) - Number(exposed(v, me, b, sp, goal)) ||
        distance(v.rules, a, goal.hex) - distance(v.rules, b, goal.hex) ||
        (a < b ? -1 : 1),
    );
  return ranked[0] ?? null;
}

/** The English units in `h` that would march together (everyone but the garrison and the routed). */
function marchers(v: IrlView, h: HexId): UnitView[] {
  const keep = garrisonOf(v, 'English', h);
  return myUnitsIn(v, 'English', h).filter((u) => u.id !== keep && !u.routed);
}

/** Whether the stack in `h` has somewhere better to be, one step nearer its goal (no aimless walks). */
function englishWantsToMarch(v: IrlView, h: HexId): boolean {
  const sp = spOf(marchers(v, h));
  if (!sp) return false;
  const goal = englishGoal(v, h, sp);
  if (!goal) return false;
  const steps = neighboursOf(v.rules, h).filter((n) => passable(v, 'English', n));
  return stepToward(v, 'English', h, steps, goal, sp) !== null;
}

/** Hexes within which a cavalry raider rides for a town; SP Lake's stack keeps when a raider leaves it. */
const RAID_RANGE = 4;
const RAID_MAIN_SP = 12;

/** The town a lone English horseman can take back: not held, no French in it or next to it, nearest first. */
function raidTown(v: IrlView, from: HexId): HexId | null {
  const r = v.rules;
  const enemies = enemyHexes(v, 'English');
  const towns = r.victory.towns
    .filter((t) => v.control[t.hex] !== 'English' && distance(r, from, t.hex) <= RAID_RANGE)
    .filter((t) => !enemies.some((e) => distance(r, e, t.hex) <= 1))
    .sort((a, b) => distance(r, from, a.hex) - distance(r, from, b.hex) || b.english - a.english || (a.hex < b.hex ? -1 : 1));
  return towns[0]?.hex ?? null;
}

/** Raids: a cavalry unit of Lake's army rides off alone to retake an empty town while the army stays strong. */
function raider(v: IrlView, u: UnitView): HexId | null {
  const lake = v.generals.find((g) => g.id === 'lake');
  if (u.type !== 'cavalry' || u.routed || !u.hex || lake?.hex !== u.hex) return null;
  if (spOf(marchers(v, u.hex)) - u.strength < RAID_MAIN_SP) return null;
  return raidTown(v, u.hex);
}

/** English movement: stacks with Lake first, then the strongest; garrisons stay; each step nears a goal. */
function englishMovement(v: IrlView, d: Decision): string {
  const ids = d.options.map((o) => o.id);
  if (v.moving) {
    const here = v.moving.path[v.moving.path.length - 1];
    const from = v.moving.path[0];
    // Take along everyone in the start hex but its garrison.
    const keep = v.moving.path.length === 1 ? garrisonOf(v, 'English', from) : null;
    const alone = v.moving.units?.length === 1 ? unitOf(v, v.moving.units[0]) : undefined;
    const raid = alone && (v.moving.path.length === 1 ? raider(v, alone) : alone.type === 'cavalry' ? raidTown(v, here) : null);
    const withs = raid ? [] : optionIds(d, 'with ').filter((w) => w !== 'with all' && w !== `with ${keep}`);
    if (!raid && ids.includes('with all') && !(keep && ids.includes(`with ${keep}`))) return 'with all';
    if (withs.length) return withs[0];
    const moving = (v.moving.units ?? []).map((u) => unitOf(v, u)).filter((u): u is UnitView => !!u);
    const sp = spOf(moving);
    const goal: Goal | null = raid ? { hex: raid, kind: 'town' } : englishGoal(v, here, sp);
    const steps = optionIds(d, 'to ')
      .map((id) => id.slice(3))
      .filter((h) => !v.moving!.path.includes(h));
    const step = goal ? stepToward(v, 'English', here, steps, goal, sp) : null;
    if (step) return `to ${step}`;
    if (ids.includes('stop')) return 'stop';
    // The first step is owed (no 'stop' before it): the nearest to the goal, else the least exposed.
    const fallback = steps
      .slice()
      .sort((a, b) => Number(exposed(v, 'English', a, sp, goal)) - Number(exposed(v, 'English', b, sp, goal)))[0];
    return fallback ? `to ${fallback}` : ids[0];
  }
  const lake = v.generals.find((g) => g.id === 'lake');
  const raiders = optionIds(d, 'move ').filter((id) => {
    const u = unitOf(v, id.slice(5));
    return !!u && raider(v, u) !== null;
  });
  if (raiders.length) return raiders[0];
  const candidates = optionIds(d, 'move ')
    .map((id) => ({ id, u: unitOf(v, id.slice(5)) }))
    .filter((c) => c.u?.hex && c.u.id !== garrisonOf(v, 'English', c.u.hex) && englishWantsToMarch(v, c.u.hex))
    .sort(
      (a, b) => Number(b.u!.hex === lake?.hex) - Number(a.u!.hex === lake?.hex) || b.u!.strength - a.u!.strength || (a.id < b.id ? -1 : 1),
    );
  return candidates[0]?.id ?? 'end movement';
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

/** The attack worth most (every eligible unit joins), none below an even chance of winning. */
function englishAttack(v: IrlView, d: Decision): string {
  let best = 'end combat';
  let bestWorth = 0;
  for (const o of d.options.filter((x) => x.id.startsWith('attack '))) {
    const h = o.id.slice(7);
    const avail = Number(/up to (\d+) SP/.exec(o.label)?.[1] ?? 0);
    const from = [
      ...new Set(
        v.units.filter((u) => u.side === 'English' && u.place === 'map' && u.hex && distance(v.rules, u.hex, h) === 1).map((u) => u.hex!),
      ),
    ];
    const chance = attackChance(v, 'English', avail, h, from);
    if (chance < ATTACK_CHANCE.English) continue;
    // Worth: the chance times what a win takes (the strength it beats, the town it opens).
    const worth = chance * (believedStrength(v, h, 'French') + (v.rules.index.town[h]?.english ?? 0));
    if (worth > bestWorth) {
      bestWorth = worth;
      best = o.id;
    }
  }
  return best;
}

/**
 * Advance after combat: the English send one unit (never a garrison) into a VP town they won and keep
 * their stack whole otherwise; the French advance with the first unit offered.
 */
function advance(v: IrlView, me: SideName, d: Decision): string {
  const opts = optionIds(d, 'advance ');
  if (me === 'French') return opts[0];
  const done = d.options.some((o) => o.id === 'done') ? 'done' : opts[0];
  if (v.units.some((u) => u.side === 'English' && u.place === 'map' && opts.some((id) => id.endsWith(` ${u.hex}`)))) return done; // one unit has gone in already
  const into = opts.find((id) => {
    const [, unit, h] = id.split(' ');
    const u = unitOf(v, unit);
    return !!v.rules.index.town[h] && !(u?.hex && garrisonOf(v, me, u.hex) === u.id);
  });
  return into ?? done;
}

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
  // Movement: the English march on goals (englishMovement); the French weigh the hexes around them.
  const movement = !!v.moving || ids.some((i) => i.startsWith('to ') || i.startsWith('move ')) || has('stop') || has('end movement');
  if (movement && me === 'English') return englishMovement(v, d);
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
  // Combat: the English attack where the CRT, at the odds they can see, gives them the best chance (at least even).
  if (me === 'English' && (ids.some((i) => i.startsWith('attack ')) || has('end combat'))) return englishAttack(v, d);
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
  if (ids.some((i) => i.startsWith('advance '))) return advance(v, me, d);
  if (ids.some((i) => i.startsWith('bombard '))) return optionIds(d, 'bombard ').sort()[0];
  if (ids.some((i) => i.startsWith('enter '))) return ids[0];
  if (ids.some((i) => i.startsWith('fill ') || i.startsWith('new '))) {
    const fill = optionIds(d, 'fill ');
    if (fill.length) return fill[0];
    return hexChoice('new ', 1);
  }
  return pick(ids);
};
