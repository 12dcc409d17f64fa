/** Combat: contested Areas, the combat score, elimination, the victor's upgrade, retreat and capture. */
import type { GameEnv } from '../../engine/module.js';
import {
  COLOUR_LETTER,
  factionOf,
  isSupport,
  mapEnv,
  reason,
  removeUnit,
  sidesByArea,
  strengthIn,
  unitCode,
  type MapIndex,
} from './map.js';
import type { AreaId, Colour, CombatRow, CombatState, CombatTarget, Faction, Fight, IFState, PhaseKey, Unit } from './state.js';

export const FACTION_NAME: Record<Faction, [string, string]> = {
  1: ['British', 'British'],
  2: ['Irish', 'Republicans'],
  4: ['Irish', 'Free State'],
};
export function factionName(s: IFState, f: Faction): string {
  return FACTION_NAME[f][s.war === 'independence' ? 0 : 1];
}
/** The colour a captured Armoured car or Artillery takes. */
export function victorColour(f: Faction): Colour {
  return f === 1 ? 'red' : f === 2 ? 'green' : 'blue';
}
/** Whose victories the player upgrades by choice: the Irish (War of Independence) or the Free State. */
export function isPlayer(s: IFState, f: Faction): boolean {
  return s.war === 'independence' ? f === 2 : f === 4;
}

const PAIRS: [Faction, Faction][] = [
  [1, 2],
  [1, 4],
  [2, 4],
];

/** Combat: "at the end of each phase where there are two opposing units occupying the same Area". */
export function startCombat(s: IFState, m: MapIndex, then: PhaseKey, filter: CombatState['filter'] = 'all'): void {
  const first = firstContested(s, m, filter);
  if (first === null && !abandonedSupport(s)) {
    s.combat = null;
    s.phase = then;
    return;
  }
  // The Area found is the first fought (stepCombat would look for it again)
  s.combat = { stack: first === null ? [] : [{ area: first, any: false }], filter, then, fight: null };
}

function pairAllowed(m: MapIndex, area: AreaId, a: Faction, b: Faction, filter: CombatState['filter']): boolean {
  if (filter === 'all') return true;
  if (filter === 'green-blue') return a === 2 && b === 4;
  return a === 1 && m.regionOf.get(area) === 'ulster';
}

function presence(s: IFState, area: AreaId): number {
  let bits = 0;
  for (const u of s.units) if (u.area === area && !isSupport(u)) bits |= factionOf(u.colour, s.war);
  return bits;
}

/** The first hostile pair in an Area (British v Republican, British v Free State, Republican v Free State).
 *  The pair returned is shared: read it, do not change it. */
export function hostilePair(s: IFState, m: MapIndex, area: AreaId, filter: CombatState['filter']): [Faction, Faction] | null {
  const bits = presence(s, area);
  if ((bits & (bits - 1)) === 0) return null; // one faction or none
  for (const p of PAIRS) if (bits & p[0] && bits & p[1] && pairAllowed(m, area, p[0], p[1], filter)) return p;
  return null;
}

/** Contested Areas in Region order, then Area order. */
export function contestedAreas(s: IFState, m: MapIndex, filter: CombatState['filter'] = 'all'): AreaId[] {
  const out: AreaId[] = [];
  scan(s, m, filter, out);
  return out;
}

/** The first contested Area (Region order, then Area order), or null. */
export function firstContested(s: IFState, m: MapIndex, filter: CombatState['filter']): AreaId | null {
  if (filter !== 'all' || s.cleanSeq < 0) {
    const a = scan(s, m, filter, null);
    if (a === null && filter === 'all') s.cleanSeq = s.seq;
    return a;
  }
  // Only Areas something arrived in since the last clean look can be contested.
  if (s.seq === s.cleanSeq) return null; // nothing arrived since
  // One bit per Area (as destinations does), so the lowest bit is the first in map order.
  let fresh = 0;
  for (const u of s.units) if (u.arrived > s.cleanSeq) fresh |= 1 << m.areaIndex.get(u.area)!;
  for (; fresh !== 0; fresh &= fresh - 1) {
    const area = m.areaIds[31 - Math.clz32(fresh & -fresh)];
    const bits = presence(s, area);
    if ((bits & (bits - 1)) !== 0) return area; // two factions or more: a hostile pair
  }
  s.cleanSeq = s.seq;
  return null;
}

function scan(s: IFState, m: MapIndex, filter: CombatState['filter'], out: AreaId[] | null): AreaId | null {
  const bits = sidesByArea(s, m);
  for (let i = 0; i < bits.length; i++) {
    const b = bits[i];
    if (b === 0 || b === 1 || b === 2 || b === 4) continue;
    for (const [x, y] of PAIRS) {
      if (b & x && b & y && pairAllowed(m, m.areaIds[i], x, y, filter)) {
        if (!out) return m.areaIds[i];
        out.push(m.areaIds[i]);
        break;
      }
    }
  }
  return null;
}

function sideUnits(s: IFState, area: AreaId, f: Faction, support: boolean): Unit[] {
  const out: Unit[] = [];
  for (const u of s.units) if (u.area === area && isSupport(u) === support && factionOf(u.colour, s.war) === f) out.push(u);
  return out;
}

/** The units of faction `f` (support counters or not) among `units`. */
function sideOf(s: IFState, units: Unit[], f: Faction, support: boolean): Unit[] {
  const out: Unit[] = [];
  for (const u of units) if (isSupport(u) === support && factionOf(u.colour, s.war) === f) out.push(u);
  return out;
}

/** Runs combats until a decision is needed or none is left; then goes to the phase after. */
export function stepCombat(s: IFState, env: GameEnv): void {
  const c = s.combat;
  if (!c) return;
  const m = mapEnv(env);
  while (!s.ask) {
    if (c.fight) {
      continueFight(s, env, m, c.fight);
      continue;
    }
    let pair: [Faction, Faction] | null = null;
    let target: CombatTarget | null = null;
    while (c.stack.length) {
      const top = c.stack[c.stack.length - 1];
      pair = hostilePair(s, m, top.area, top.any ? 'all' : c.filter);
      if (pair) {
        target = top;
        break;
      }
      c.stack.pop();
    }
    if (!pair || !target) {
      const first = firstContested(s, m, c.filter);
      if (first) {
        c.stack.push({ area: first, any: false });
        continue;
      }
      seizeAbandonedSupport(s, env, m);
      s.combat = null;
      s.phase = c.then;
      return;
    }
    c.fight = newFight(s, target.area, pair, target.att ?? setupAttacker(c.filter, pair));
    // The heading (who attacks whom) comes before the combat's first roll in the log.
    if (env.verbose) logHeading(s, env, m, c.fight);
  }
}

/** Civil War set-up steps 11-12 name the attackers: "with the blue as the attackers", "with the Irish units as the
 *  attackers". Elsewhere none (undefined). */
function setupAttacker(filter: CombatState['filter'], [a, b]: [Faction, Faction]): Faction | undefined {
  if (filter === 'green-blue') return 4;
  if (filter === 'ulster-british') return a === 1 ? b : a;
  return undefined;
}

/**
 * Who attacks (Combat): "The side that moved into the contested Area (or was recruited there) is the attacker,
 * the side originally present in the Area is the defender." The side originally present is the one whose units
 * were there first (the earliest arrival of each side's units, support counters aside): a side that was there
 * keeps defending though more of its units arrive with the enemy (Army Auxiliaries' Mob beside its Army).
 * `rule` overrides: the retreating units attack (Retreat), and the set-up steps name their attackers.
 * With no arrival to tell them apart (both sides set up there), the player's side attacks (interpretation).
 */
export function newFight(s: IFState, area: AreaId, [a, b]: [Faction, Faction], rule?: Faction): Fight {
  let att: Faction;
  if (rule === a || rule === b) att = rule;
  else {
    let ta = Infinity,
      tb = Infinity;
    for (const u of s.units) {
      if (u.area !== area || isSupport(u)) continue;
      const f = factionOf(u.colour, s.war);
      if (f === a && u.arrived < ta) ta = u.arrived;
      if (f === b && u.arrived < tb) tb = u.arrived;
    }
    if (ta !== tb)
      att = ta > tb ? a : b; // the side that came later attacks
    else att = isPlayer(s, a) ? a : isPlayer(s, b) ? b : a === 2 || b === 2 ? 2 : a;
  }
  return { area, att, def: att === a ? b : a, stage: 'pre' };
}

export function combatRow(rows: CombatRow[], score: number): CombatRow {
  for (const r of rows) if (score >= r.min && score <= r.max) return r;
  return score < rows[0].min ? rows[0] : rows[rows.length - 1];
}

export function sideStrength(s: IFState, m: MapIndex, area: AreaId, f: Faction): number {
  let t = 0;
  for (const u of s.units) if (u.area === area && factionOf(u.colour, s.war) === f) t += strengthIn(m, u.type, area);
  return t;
}

function continueFight(s: IFState, env: GameEnv, m: MapIndex, fight: Fight): void {
  if (fight.stage === 'post') {
    finishFight(s, env, m, fight);
    return;
  }
  const region = m.regionOf.get(fight.area)!;
  // Michael Collins: "any one attack of your choice in either Cork or Kerry"
  if (
    s.war === 'civil' &&
    fight.att === 4 &&
    s.effects.michaelCollins &&
    fight.collins === undefined &&
    (region === 'cork' || region === 'kerry')
  ) {
    s.ask = { kind: 'collins' };
    return;
  }
  const rules = m.rules;
  // The units in the Area, in one pass (the lookups below read this list, not the whole map).
  const here: Unit[] = [];
  for (const u of s.units) if (u.area === fight.area) here.push(u);
  // "Total up the strength of the attackers for the Area's terrain and subtract the total strength of the defenders"
  const ti = m.terrainIdx.get(fight.area)!;
  let att = 0;
  let def = 0;
  for (const u of here) {
    const f = factionOf(u.colour, s.war);
    if (f === fight.att) att += m.strength.get(u.type)![ti];
    else if (f === fight.def) def += m.strength.get(u.type)![ti];
  }
  let bonus = 0;
  if (fight.collins) {
    bonus += 2;
    s.effects.michaelCollins = false;
  }
  // Dublin Guards: the nominated Regular "gets a +1 in any attack this turn"
  const guards = s.effects.dublinGuards;
  fight.attackerGuards = null;
  if (guards) for (const u of here) if (u.id === guards && factionOf(u.colour, s.war) === fight.att) fight.attackerGuards = guards;
  if (fight.attackerGuards) bonus += 1;
  att += bonus;
  const mod = att - def;
  const die = env.dice.roll(6, 'Combat: D6 added to the strength difference');
  const score = mod + die;
  let row = combatRow(rules.combatResults, score);
  // Optional rule: a modifier of 4 or more turns that side's worst roll into the enemy retreating
  if (s.options.highModifier) {
    const th = rules.highModifier.threshold;
    if (mod >= th && die === 1)
      row = { ...row, loser: 'defender', eliminated: 0, text: 'all defenders retreat (optional rule: modifier 4+)' };
    else if (mod <= -th && die === 6)
      row = { ...row, loser: 'attacker', eliminated: 0, text: 'all attackers retreat (optional rule: modifier 4+)' };
  }
  const loser = row.loser === 'attacker' ? fight.att : fight.def;
  const victor = loser === fight.att ? fight.def : fight.att;
  if (env.verbose) logCombatTable(s, env, m, fight, att, def, mod, die, score, row.text);
  // Eliminated: "Eliminate the weakest unit first. If two units are the same, chose one randomly."
  let eliminated = 0;
  for (let i = 0; i < row.eliminated; i++) {
    const pool = sideOf(s, here, loser, false);
    if (!pool.length) break;
    const u = weakest(s, env, m, pool, 'Combat: weakest unit eliminated (tie)');
    eliminate(s, env, m, u);
    here.splice(here.indexOf(u), 1);
    eliminated++;
  }
  fight.loser = loser;
  fight.stage = 'post';
  capture(s, env, m, here, loser, victor);
  // "The victor in this combat may upgrade one unit" (after an elimination; British never upgrade)
  if (eliminated > 0 && victor !== 1) {
    const cands = upgradeCandidates(s, m, fight.area, victor);
    if (cands.length) {
      // The player decides whether; "if two units are tied for an upgrade, chose one randomly"
      if (isPlayer(s, victor)) {
        s.ask = { kind: 'upgrade', candidates: cands.map((u) => u.id) };
        return;
      }
      upgrade(s, env, m, env.dice.pick(cands, UPGRADE_TIE));
    }
  }
  finishFight(s, env, m, fight);
}

/** "Combat in Cork 1-2 Townland: the Irish attack the British." (kept out of stepCombat, which stays small). */
function logHeading(s: IFState, env: GameEnv, m: MapIndex, f: Fight): void {
  env.log({
    kind: 'text',
    text: `Combat in ${m.areaLabel.get(f.area)}: the ${factionName(s, f.att)} attack the ${factionName(s, f.def)}.`,
    tone: 'combat',
  });
}

/** The combat table: each unit's strength in the Area's terrain and the sums, so the result can be checked.
 *  (A function of its own: closures inside continueFight would cost every fight, verbose or not.) */
function logCombatTable(
  s: IFState,
  env: GameEnv,
  m: MapIndex,
  fight: Fight,
  att: number,
  def: number,
  mod: number,
  die: number,
  score: number,
  result: string,
): void {
  const ti = m.terrainIdx.get(fight.area)!;
  const sum = (f: Faction, extra: string[], total: number) => {
    const terms = [...sideUnits(s, fight.area, f, false), ...sideUnits(s, fight.area, f, true)].map(
      (u) => `${u.id} ${u.colour} ${m.counter.get(u.type)!.name} ${m.strength.get(u.type)![ti]}`,
    );
    return wrapSum([...terms, ...extra], total);
  };
  const extras: string[] = [];
  if (fight.collins) extras.push('Michael Collins 2');
  if (fight.attackerGuards) extras.push(`Dublin Guards (${fight.attackerGuards}) 1`);
  env.log({
    kind: 'table',
    title: `Combat in ${m.areaLabel.get(fight.area)}`,
    head: [
      '',
      `Units and strengths in ${m.rules.terrains.find((t) => t.key === m.area.get(fight.area)!.terrain)?.name ?? 'the terrain'}`,
      'Total',
    ],
    rows: [
      [`Attackers (${factionName(s, fight.att)})`, sum(fight.att, extras, att), String(att)],
      [`Defenders (${factionName(s, fight.def)})`, sum(fight.def, [], def), String(def)],
      ['Modifier', '', (mod >= 0 ? '+' : '') + mod],
      ['Die', '', String(die)],
      ['Score', '', String(score)],
      ['Result', result, ''],
    ],
  });
}

/** "a 1 + b 2 = 3", broken into lines of at most 60 characters (the log table stays within 100 columns). */
function wrapSum(terms: string[], total: number): string {
  const lines: string[] = [];
  let cur = '';
  terms.forEach((t, i) => {
    const piece = (i ? ' + ' : '') + t;
    if (cur && cur.length + piece.length > 60) {
      lines.push(cur);
      cur = piece.trimStart();
    } else cur += piece;
  });
  cur += ` = ${total}`;
  lines.push(cur);
  return lines.join('\n');
}

/** The weakest of `pool` in its Area's terrain (ties random through the dice). */
export function weakest(s: IFState, env: GameEnv, m: MapIndex, pool: Unit[], reason: string): Unit {
  return extreme(env, m, pool, reason, -1);
}
export function strongest(s: IFState, env: GameEnv, m: MapIndex, pool: Unit[], reason: string): Unit {
  return extreme(env, m, pool, reason, 1);
}
function extreme(env: GameEnv, m: MapIndex, pool: Unit[], reason: string, sign: 1 | -1): Unit {
  let best = -Infinity;
  let tied: Unit[] = [];
  for (const u of pool) {
    const v = sign * strengthIn(m, u.type, u.area);
    if (v > best) {
      best = v;
      tied = [u];
    } else if (v === best) tied.push(u);
  }
  return env.dice.pick(tied, reason);
}

/** Removes a unit; Army, RIC and Tans eliminated in the War of Independence lower British morale.
 *  `line`: its log line, from the unit's code and Area (default "u3:Mob[b] eliminated in Dublin 6 City."). */
export function eliminate(
  s: IFState,
  env: GameEnv,
  m: MapIndex,
  u: Unit,
  line = (code: string, area: string) => `${code} eliminated in ${area}.`,
): void {
  removeUnit(s, u);
  if (s.war === 'independence' && m.rules.britishMorale.eliminatedTypes.includes(u.type)) s.britishEliminated++;
  if (s.effects.dublinGuards === u.id) s.effects.dublinGuards = null;
  if (env.verbose) env.log({ kind: 'text', text: line(unitCode(m, u), m.areaLabel.get(u.area)!), tone: 'combat' });
}

const DISPERSED = (code: string, area: string) =>
  `${code} cannot retreat (Mobs never move): dispersed in ${area}, not an elimination for the victor's upgrade.`;

/** "If the loser is entirely eliminated, replace the Armoured car or Artillery with a different colour." */
function capture(s: IFState, env: GameEnv, m: MapIndex, here: Unit[], loser: Faction, victor: Faction): void {
  let supports = false;
  for (const u of here) {
    if (factionOf(u.colour, s.war) !== loser) continue;
    if (!isSupport(u)) return;
    supports = true;
  }
  if (!supports) return;
  for (const u of sideOf(s, here, loser, true)) {
    u.colour = victorColour(victor);
    if (env.verbose)
      env.log({
        kind: 'text',
        text: `${m.counter.get(u.type)!.name} ${u.id} captured by the ${factionName(s, victor)} [${COLOUR_LETTER[u.colour]}].`,
        tone: 'combat',
      });
  }
}

/** The reason of the die that breaks a tie for the victor's upgrade. */
export const UPGRADE_TIE = "Combat: the victor's upgrade (tie)";

/** Upgrade ladder: Mobs first, then Guerrillas (Combat: "Eliminated"), among the victor's units in the combat's
 *  Area, or (option upgrade=anywhere) anywhere on the map. */
export function upgradeCandidates(s: IFState, m: MapIndex, area: AreaId, f: Faction): Unit[] {
  const units =
    s.options.upgrade === 'anywhere'
      ? s.units.filter((u) => !isSupport(u) && factionOf(u.colour, s.war) === f)
      : sideUnits(s, area, f, false);
  const ups = m.rules.upgrades;
  let tier = Infinity;
  for (const u of units) for (const r of ups) if (r.from === u.type && r.colour === u.colour && r.tier < tier) tier = r.tier;
  return units.filter((u) => ups.some((r) => r.from === u.type && r.colour === u.colour && r.tier === tier));
}

export function upgrade(s: IFState, env: GameEnv, m: MapIndex, u: Unit): void {
  const r = m.rules.upgrades.find((x) => x.from === u.type && x.colour === u.colour);
  if (!r) return;
  const before = env.verbose ? unitCode(m, u) : ''; // the log names the unit as it was
  u.type = r.to;
  if (env.verbose) env.log({ kind: 'text', text: `${before} upgraded to ${m.counter.get(r.to)!.name}.`, tone: 'good' });
}

/** Retreat: "Roll a D6 - the units move to that Area in the Region"; fight again there at once. */
export function finishFight(s: IFState, env: GameEnv, m: MapIndex, fight: Fight): void {
  const c = s.combat!;
  c.fight = null;
  const loser = fight.loser!;
  const victor = loser === fight.att ? fight.def : fight.att;
  const region = m.regionOf.get(fight.area)!;
  // Dublin Guards: "raise a green Mob in a random Area in the Region the attack takes place"
  if (fight.attackerGuards) {
    const d = env.dice.roll(6, `Dublin Guards: Area in ${m.regionName.get(region)} for a green Mob`);
    const a = m.areaByDie.get(region)![d];
    s.units.push({ id: 'u' + s.nextId++, type: 'mob', colour: 'green', area: a, arrived: ++s.seq });
    if (env.verbose) env.log({ kind: 'text', text: `Dublin Guards: a green Mob rises in ${m.areaLabel.get(a)}.`, tone: 'event' });
    c.stack.push({ area: a, any: true });
  }
  // The loser's units left in the Area (then its support counters), in one pass.
  const left: Unit[] = [];
  const mobs: Unit[] = [];
  const supports: Unit[] = [];
  for (const u of s.units) {
    if (u.area !== fight.area || factionOf(u.colour, s.war) !== loser) continue;
    if (isSupport(u)) supports.push(u);
    else (u.type === 'mob' ? mobs : left).push(u);
  }
  // Mobs "cannot move at all". Interpretation (option mob-retreat): dispersed (eliminated), or they stand: their
  // retreat Area is their own, so they fight another round there as the attackers.
  const stand = s.options.mobRetreat === 'stand' && mobs.length > 0;
  // (Logged as dispersed: it is no elimination for the victor's upgrade, rules note 7.)
  if (!stand) for (const u of mobs) eliminate(s, env, m, u, DISPERSED);
  if (stand) {
    c.stack.push({ area: fight.area, any: true, att: loser });
    if (env.verbose)
      env.log({
        kind: 'text',
        text: `The ${factionName(s, loser)} Mobs cannot move: they stand in ${m.areaLabel.get(fight.area)} and fight again.`,
        tone: 'combat',
      });
  }
  if (!left.length) {
    if (!stand) capture(s, env, m, supports, loser, victor);
    return;
  }
  const die = env.dice.roll(6, reason(m, 'Retreat: Area in', region));
  const dest = m.areaByDie.get(region)![die];
  const t = ++s.seq;
  for (const u of left) {
    u.area = dest;
    u.arrived = t;
  }
  // "Armoured cars and Artillery retreat with the loser" (they stay with Mobs that stand)
  if (!stand)
    for (const u of supports) {
      u.area = dest;
      u.arrived = t;
    }
  if (env.verbose) env.log({ kind: 'text', text: `${factionName(s, loser)} retreat to ${m.areaLabel.get(dest)}.`, tone: 'combat' });
  // "fight another round of combat, with the retreating units as the attackers"
  if (dest !== fight.area || !stand) c.stack.push({ area: dest, any: true, att: loser });
}

/** Support counters standing with no unit of their side in an Area held by one enemy side (their side's last unit
 *  moved away without them); null if none. Support counters exist only in the Civil War (set-up steps 9-10, the
 *  Free State's recruitment, The Mutineer, Churchill): none in the War of Independence. */
function abandonedSupport(s: IFState): Unit | null {
  if (s.war === 'independence') return null;
  for (const u of s.units) {
    if (!isSupport(u)) continue;
    const f = factionOf(u.colour, s.war);
    let own = false;
    let enemy = 0;
    for (const x of s.units) {
      if (x.area !== u.area || isSupport(x)) continue;
      const g = factionOf(x.colour, s.war);
      if (g === f) {
        own = true;
        break;
      }
      enemy |= g;
    }
    if (!own && enemy !== 0 && (enemy & (enemy - 1)) === 0) return u;
  }
  return null;
}

/**
 * Interpretation: a support counter left alone (only one may ride with a moving Regular) stays in its Area; an
 * enemy holding that Area when the phase's combats are over takes it, as the victor takes the Armoured car or
 * Artillery of a loser "entirely eliminated": it takes the enemy's colour and "remains in place".
 */
function seizeAbandonedSupport(s: IFState, env: GameEnv, m: MapIndex): void {
  for (let u = abandonedSupport(s); u; u = abandonedSupport(s)) {
    const area = u.area;
    const holder = s.units.find((x) => x.area === area && !isSupport(x))!;
    const f = factionOf(u.colour, s.war);
    capture(
      s,
      env,
      m,
      s.units.filter((x) => x.area === area && isSupport(x) && factionOf(x.colour, s.war) === f),
      f,
      factionOf(holder.colour, s.war),
    );
  }
}
