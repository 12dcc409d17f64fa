/**
 * Combat (rulebook 8): after movement the phasing side may attack adjacent enemy hexes
 * ("attack <hex>", "with <unit>", stratagems, "fight"). Each unit attacks one hex and all the enemy
 * units in it; each enemy unit is attacked at most once a turn; several hexes attack together only
 * when they are all adjacent to one another. Odds are rounded in the defender's favour and clamped
 * to the table, terrain shifts columns left, the generals' bonus moves the die.
 */
import type { GameEnv, LogTable } from '../../engine/module.js';
import { logText, nextPhase, opt, phaseLabel, registerPhase, registerStage, startTasks, type Ask } from './flow.js';
import { combatKeepsStackHidden, hiddenFromEnglish, humbertHex } from './hidden.js';
import {
  adjacent,
  hexName,
  isUnitedIrishmen,
  namedHex,
  namedUnit,
  neighboursOf,
  positionsOf,
  riverBetween,
  rulesOf,
  terrainOf,
  unitData,
  unitsIn,
  type Positions,
} from './map.js';
import {
  artilleryAllowed,
  bayonetAllowed,
  bayonetShift,
  cavalryChargeAllowed,
  officersAttackAllowed,
  officersDefenceAllowed,
  STRATAGEM_NAME,
  useStratagem,
} from './stratagems.js';
import {
  other,
  type CombatState,
  type CrtCell,
  type HexId,
  type IrlRules,
  type IrlState,
  type SideName,
  type Stratagem,
  type UnitId,
} from './state.js';

export const combatSide = (s: IrlState): SideName => (s.phase === 'C' || s.phase === 'B' ? 'French' : 'English');

/** Units of `side` that may still attack `target`: good order, adjacent, not yet attacked this phase, not landed this turn; no cavalry into bog or mountain. */
export function eligibleAttackers(s: IrlState, rules: IrlRules, side: SideName, target: HexId, at: Positions): UnitId[] {
  const t = rules.index.terrain[terrainOf(rules, target)];
  const out: UnitId[] = [];
  for (const n of neighboursOf(rules, target))
    for (const u of unitsIn(at, rules, n, side)) {
      if (s.units[u].routed || s.attackedThisPhase.includes(u) || s.landedThisTurn.includes(u)) continue;
      if (unitData(rules, u).type === 'cavalry' && t.cavalryMayNotAttack) continue;
      out.push(u);
    }
  return out;
}

/** Enemy hexes `side` may attack now: next to an eligible attacker, holding no unit already attacked this turn. */
export function attackableHexes(s: IrlState, rules: IrlRules, side: SideName, at: Positions): HexId[] {
  const out: HexId[] = [];
  // The hexes in map order, by number (who stands where keeps the units by hex number).
  rules.index.ids.forEach((h, n) => {
    if (!at.units[n]) return;
    const def = unitsIn(at, rules, h, other(side));
    if (!def.length || def.some((u) => s.attackedThisTurn.includes(u))) return;
    if (eligibleAttackers(s, rules, side, h, at).length) out.push(h);
  });
  return out;
}

/** The attack hexes must all be adjacent to one another (rulebook 8.1). */
function hexesFit(rules: IrlRules, hexes: HexId[]): boolean {
  for (let i = 0; i < hexes.length; i++) for (let j = i + 1; j < hexes.length; j++) if (!adjacent(rules, hexes[i], hexes[j])) return false;
  return true;
}

/** Units that may still join the declared attack. */
export function joinableAttackers(s: IrlState, rules: IrlRules, c: CombatState, at: Positions): UnitId[] {
  return eligibleAttackers(s, rules, c.attackerSide, c.target, at).filter((u) => {
    if (c.attackers.includes(u)) return false;
    // 11.1 French officers: +1 to an attack by United Irishmen alone, so once chosen only they may join.
    if (c.stratagems.attacker === 'officers' && !isUnitedIrishmen(rules, u)) return false;
    const hexes = [...new Set([...c.attackHexes, s.units[u].hex!])];
    return hexesFit(rules, hexes);
  });
}

/** What the attacker is told about a hex it may attack: the English never see inside Humbert's stack. */
export function defenderSummary(s: IrlState, rules: IrlRules, h: HexId, viewer: SideName, at: Positions): string {
  const units = unitsIn(at, rules, h);
  if (viewer === 'English' && units.some((u) => hiddenFromEnglish(s, rules, u))) {
    const n = s.options.humbertSize === 'shown' ? ` of ${units.length} counter${units.length === 1 ? '' : 's'}` : '';
    return `Humbert's stack${n}, strength unknown`;
  }
  const sp = units.reduce((t, u) => t + s.units[u].strength, 0);
  return `${units.map((u) => unitData(rules, u).name).join(', ')}: ${sp} SP`;
}

// ---- odds, shifts and the die --------------------------------------------------------------------

/** Column index of raw odds, rounded in the defender's favour and clamped to the table (1-3 .. 6-1). */
export function oddsColumn(rules: IrlRules, attack: number, defence: number): number {
  const oneToOne = rules.crt.columns.indexOf('1-1');
  const last = rules.crt.columns.length - 1;
  let idx: number;
  if (attack >= defence) idx = oneToOne + Math.floor(attack / defence) - 1;
  else idx = oneToOne - (Math.ceil(defence / attack) - 1);
  return Math.max(0, Math.min(last, idx));
}

export interface CombatFigures {
  attack: number;
  defence: number;
  rawColumn: number;
  column: number;
  shifts: string[];
  modifiers: { why: string; value: number }[];
}

/** Strengths, column (after terrain and stratagem shifts) and die modifiers of a combat (rulebook 8.2, 11). */
export function combatFigures(s: IrlState, rules: IrlRules, c: CombatState): CombatFigures {
  const attack = c.attackers.reduce((t, u) => t + s.units[u].strength, 0);
  const defence = c.defenders.reduce((t, u) => t + s.units[u].strength, 0);
  const rawColumn = oddsColumn(rules, attack, Math.max(1, defence));
  let column = rawColumn;
  const shifts: string[] = [];
  const terr = rules.index.terrain[terrainOf(rules, c.target)];
  if (terr.shift) {
    column -= terr.shift;
    shifts.push(`${terr.name.toLowerCase()} ${terr.shift}L`);
  }
  const from = [...new Set(c.attackers.map((u) => s.units[u].hex!))];
  if (from.length && from.every((h) => riverBetween(rules, h, c.target))) {
    column -= rules.movement.riverShift;
    shifts.push(`river ${rules.movement.riverShift}L`);
  }
  if (c.stratagems.attacker === 'bayonet') {
    const k = bayonetShift(c);
    column += k;
    shifts.push(`bayonet ${k}R`);
  }
  column = Math.max(0, Math.min(rules.crt.columns.length - 1, column));
  const modifiers: { why: string; value: number }[] = [];
  for (const g of rules.generals) {
    const gs = s.generals[g.id];
    if (gs.place !== 'map' && gs.place !== 'sea') continue;
    // The unit sent against Killala from the fleet goes without a general (rule 12.1).
    if (g.side === c.attackerSide && !c.fromSea && c.attackers.some((u) => s.units[u].hex === gs.hex && s.units[u].place === gs.place))
      modifiers.push({ why: g.name, value: g.bonus });
    if (g.side !== c.attackerSide && gs.place === 'map' && gs.hex === c.target) modifiers.push({ why: g.name, value: -g.bonus });
  }
  if (c.stratagems.attacker === 'officers') modifiers.push({ why: 'French officers', value: 1 });
  if (c.stratagems.defender === 'officers') modifiers.push({ why: 'French officers', value: -1 });
  if (c.stratagems.attacker === 'cavalry-charge') modifiers.push({ why: 'cavalry charge', value: 1 });
  return { attack, defence, rawColumn, column, shifts, modifiers };
}

/** The CRT cell for a column and a modified die (0 or less .. 7 or more). */
export function crtCell(rules: IrlRules, column: number, die: number): CrtCell {
  const d = Math.max(rules.crt.minDie, Math.min(rules.crt.maxDie, die));
  return rules.crt.rows.find((r) => r.die === d)!.results[column];
}

// ---- declaring ----------------------------------------------------------------------------------

function combatAsk(s: IrlState, rules: IrlRules, at: Positions): Ask {
  const side = combatSide(s);
  const options = attackableHexes(s, rules, side, at).map((h) =>
    opt(`attack ${h}`, () => {
      const avail = eligibleAttackers(s, rules, side, h, at).reduce((t, u) => t + s.units[u].strength, 0);
      return `Attack ${hexName(rules, h)} (${terrainOf(rules, h)}): ${defenderSummary(s, rules, h, side, at)}; up to ${avail} SP may attack`;
    }),
  );
  options.push(opt('end combat', 'End the combat phase'));
  return { side, phase: phaseLabel(s), prompt: `${side} combat: attack an adjacent enemy hex, or end the phase.`, options };
}

/** The stratagems a side may use in its own attack (rulebook 11.1, 11.2), in the order they are offered. */
const ATTACK_STRATAGEMS: Record<SideName, Stratagem[]> = { French: ['bayonet', 'officers'], English: ['cavalry-charge', 'artillery'] };

/**
 * The numbers a player types in the attack decision, kept while the attack is built: it is asked again
 * after each unit joins, and a player who read "3" and typed it after the screen had moved got another
 * unit. The units that may attack the hex keep the numbers of the first question (1 on, whether they
 * have joined or not, so a number is never passed on); then fight, call off, the side's stratagems and
 * "with all", each in a slot of its own. "With all" comes last: it is the answer most often missing, and
 * a newcomer's first list, without it, read 1, 2, 4. Records keep option ids: the numbers are for people only.
 */
function attackNumbers(s: IrlState, rules: IrlRules, c: CombatState, at: Positions): (id: string) => number {
  // Constant while the attack is declared: who stands where and who attacked this phase change only at the fight.
  const units = eligibleAttackers(s, rules, c.attackerSide, c.target, at).map((u) => `with ${u}`);
  const rest = ['fight', 'call off', ...ATTACK_STRATAGEMS[c.attackerSide].map((x) => `stratagem ${x}`), 'with all'];
  return (id) => {
    const k = units.indexOf(id);
    if (k >= 0) return k + 1;
    if (!rest.includes(id)) throw new Error(`irlande-1798: no number for attack option ${id}`);
    return units.length + 1 + rest.indexOf(id);
  };
}

function attackersAsk(s: IrlState, rules: IrlRules, at: Positions): Ask {
  const c = s.combat!;
  const side = c.attackerSide;
  const joinable = joinableAttackers(s, rules, c, at);
  // The rest of the stacks already attacking, in one go.
  const rest = joinable.filter((u) => c.attackHexes.includes(s.units[u].hex!));
  const offers: Stratagem[] = [];
  if (c.attackers.length && !c.stratagems.attacker) {
    if (bayonetAllowed(s, rules, c)) offers.push('bayonet');
    if (officersAttackAllowed(s, rules, c)) offers.push('officers');
    if (cavalryChargeAllowed(s, rules, c)) offers.push('cavalry-charge');
    if (artilleryAllowed(s, rules, c, true)) offers.push('artillery');
  }
  // The confirmation: the die is never rolled before the attacker has seen the odds (rules/irlande-1798.md,
  // "The fight is confirmed"), so "fight" always comes with a second answer, calling the attack off.
  const confirm = c.attackers.length > 0;
  const number = attackNumbers(s, rules, c, at);
  const options = joinable.map((u) =>
    opt(
      `with ${u}`,
      () => `Attack with ${unitData(rules, u).name} (${s.units[u].strength} SP, from ${s.units[u].hex})`,
      number(`with ${u}`),
    ),
  );
  if (rest.length >= 2)
    options.unshift(
      opt(
        'with all',
        () => `Attack with the rest of ${c.attackHexes.join(' and ')}: ${rest.map((u) => unitData(rules, u).name).join(', ')}`,
        number('with all'),
      ),
    );
  for (const x of offers) options.push(opt(`stratagem ${x}`, () => `Stratagem: ${STRATAGEM_NAME[x]}`, number(`stratagem ${x}`)));
  if (confirm) {
    options.push(opt('fight', () => `Fight: ${oddsSummary(s, rules, c, side)}`, number('fight')));
    options.push(
      opt(
        'call off',
        () => `Call off the attack on ${c.target}${c.stratagems.attacker ? ' (the stratagem is not used)' : ''}`,
        number('call off'),
      ),
    );
  }
  const who = c.attackers.length ? c.attackers.map((u) => unitData(rules, u).name).join(', ') : 'nobody yet';
  const st = c.stratagems.attacker ? `; stratagem ${STRATAGEM_NAME[c.stratagems.attacker]}` : '';
  const answer = c.attackers.length ? defenderMayAnswer(s, rules, c) : '';
  // What may still be added, in words: units, a stratagem, both or neither.
  const more = [
    ...(joinable.length ? [joinable.length === 1 ? 'a unit' : 'units'] : []),
    ...(options.some((o) => o.id.startsWith('stratagem ')) ? ['a stratagem'] : []),
  ];
  const ask = !c.attackers.length
    ? 'Choose the units that attack.'
    : more.length
      ? `Add ${more.join(' or ')}, fight, or call it off.`
      : 'Fight at these odds, or call it off?';
  return {
    side,
    phase: phaseLabel(s),
    prompt: `Attack on ${hexName(rules, c.target)}: attackers ${who}${st}.${answer} ${ask}`,
    options,
  };
}

/**
 * The odds as the attacker sees them before the die (rulebook 8.2): strengths, the raw column, each
 * shift and the column it gives, each die modifier by its cause. The English attacking Humbert's stack
 * see no strength (rule 5): only their own, the shifts and the modifiers.
 */
export function oddsSummary(s: IrlState, rules: IrlRules, c: CombatState, viewer: SideName): string {
  const f = combatFigures(s, rules, c);
  const cols = rules.crt.columns;
  const hidden = viewer === 'English' && c.defenders.some((u) => hiddenFromEnglish(s, rules, u));
  const die = f.modifiers.length
    ? `die ${f.modifiers.map((m) => `${m.value >= 0 ? '+' : '-'}${Math.abs(m.value)} ${m.why}`).join(', ')}`
    : 'die unmodified';
  if (hidden) return `${f.attack} SP against Humbert's stack (strength unknown); shifts ${f.shifts.join(', ') || 'none'}; ${die}`;
  const shifts = f.shifts.length
    ? ` = ${cols[f.rawColumn]}, ${f.shifts.join(', ')} -> column ${cols[f.column]}`
    : `: column ${cols[f.column]}`;
  return `${f.attack} to ${f.defence}${shifts}; ${die}`;
}

/** The stratagems the defender could still answer with (public facts: Lake's hex, what is spent), in words. */
function defenderMayAnswer(s: IrlState, rules: IrlRules, c: CombatState): string {
  const st: Stratagem[] = [];
  if (!c.stratagems.defender) {
    if (officersDefenceAllowed(s, rules, c)) st.push('officers');
    if (artilleryAllowed(s, rules, c, false)) st.push('artillery');
  }
  return st.length ? ` The ${other(c.attackerSide)} may answer with ${st.map((x) => STRATAGEM_NAME[x]).join(' or ')}.` : '';
}

/** Starts a combat against `target` (the Killala attack from the fleet too). */
export function declareCombat(s: IrlState, rules: IrlRules, side: SideName, target: HexId, fromSea = false): void {
  s.combat = {
    attackerSide: side,
    target,
    attackers: [],
    defenders: unitsIn(positionsOf(s, rules), rules, target, other(side)).slice(),
    attackHexes: [],
    declared: false,
    stratagems: { attacker: null, defender: null },
    englishMilitia: 0,
    ...(fromSea ? { fromSea: true } : {}),
  };
  s.stage = 'attackers';
}

/** "fight": the attack is declared; combat shows Humbert's stack (rule 5); the defender may answer with a stratagem. */
function fight(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const c = s.combat!;
  c.declared = true;
  s.stats.combats++;
  for (const u of c.attackers) s.attackedThisPhase.push(u);
  for (const u of c.defenders) s.attackedThisTurn.push(u);
  const hh = humbertHex(s);
  const involvesHumbert =
    hh !== null &&
    !s.humbertRevealed &&
    !c.fromSea &&
    [...c.attackers, ...c.defenders].some(
      (u) => s.units[u].hex === hh && s.units[u].place === 'map' && rules.index.unit[u].side === 'French',
    );
  if (involvesHumbert && combatKeepsStackHidden(s)) {
    // humbert-combat=hidden: the stack stays hidden through the combat (rules/irlande-1798.md, "Humbert's stack in combat").
    c.humbertStack = { hex: hh!, units: unitsIn(positionsOf(s, rules), rules, hh!, 'French').slice() };
  } else if (involvesHumbert) {
    s.humbertRevealed = true;
    env.reveal?.();
    const shown = unitsIn(positionsOf(s, rules), rules, hh!, 'French').map(
      (u) => `${unitData(rules, u).name} ${s.units[u].strength} SP${s.units[u].routed ? ' (routed)' : ''}`,
    );
    logText(env, `Combat shows Humbert's stack at ${hh}: ${shown.join(', ')}.`, 'event', 'French');
  }
  c.englishMilitia = [...c.attackers, ...c.defenders].filter((u) => rules.index.unit[u].band === 'militia').length;
  const n = (k: number) => `${k} unit${k === 1 ? '' : 's'}`;
  // Units of the hidden stack are counted only where the English may count its counters (humbert-size).
  const count = (us: UnitId[]) =>
    us.some((u) => hiddenFromEnglish(s, rules, u)) && s.options.humbertSize === 'hidden' ? "Humbert's stack" : n(us.length);
  logText(
    env,
    `The ${c.attackerSide} attack ${hexName(rules, c.target)} with ${count(c.attackers)} against ${count(c.defenders)}.`,
    'combat',
    c.attackerSide,
  );
  s.stage = 'defender-stratagem';
}

/**
 * "call off": the attack is not made (rulebook 8.1: combat is never mandatory). Nothing has been rolled
 * or shown yet, so the attackers may attack again this phase and a stratagem chosen for it is not used.
 */
function callOff(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const c = s.combat!;
  const st = c.stratagems.attacker;
  if (st) {
    s.stratagemThisTurn[c.attackerSide] = false;
    const i = s.spent.lastIndexOf(st);
    if (i >= 0 && (st === 'officers' || st === 'forced-march')) s.spent.splice(i, 1);
  }
  logText(
    env,
    `The ${c.attackerSide} call off the attack on ${hexName(rules, c.target)}${st ? ` (${STRATAGEM_NAME[st]} not used)` : ''}.`,
    'combat',
    c.attackerSide,
  );
  s.combat = null;
  // The unit sent from the fleet against Killala goes back to the landing question (rule 12.1).
  s.stage = c.fromSea ? 'landing' : 'combat';
}

function defenderStratagems(s: IrlState, rules: IrlRules): Stratagem[] {
  const c = s.combat!;
  const out: Stratagem[] = [];
  if (c.stratagems.defender) return out;
  if (officersDefenceAllowed(s, rules, c)) out.push('officers');
  if (artilleryAllowed(s, rules, c, false)) out.push('artillery');
  return out;
}

/** After the declaration and the defender's answer: bombardment, then the CRT and its consequences. */
function resolve(s: IrlState): void {
  const c = s.combat!;
  const tasks: IrlState['tasks'] = [];
  if (c.stratagems.attacker === 'artillery' || c.stratagems.defender === 'artillery') tasks.push({ kind: 'bombard', round: 1 });
  tasks.push({ kind: 'resolve' });
  startTasks(s, tasks, 'combat');
}

/** Rolls the attacker's die on the CRT and logs the combat table (rulebook 8.2). Returns the cell. */
export function rollCombat(s: IrlState, rules: IrlRules, env: GameEnv): CrtCell & { column: string; die: number } {
  const c = s.combat!;
  const f = combatFigures(s, rules, c);
  const roll = env.dice.roll(6, `Combat at ${c.target}: the attacker's die`);
  const mod = f.modifiers.reduce((t, m) => t + m.value, 0);
  const die = roll + mod;
  const cell = crtCell(rules, f.column, die);
  if (env.verbose) {
    // Three units a line, so the table fits 80 columns whatever the stack.
    // humbert-combat=hidden (rule 5): the log is public, so the hidden stack is one entry, its
    // strength and the column it gives unknown.
    const hidden = (us: UnitId[]) => us.filter((u) => hiddenFromEnglish(s, rules, u));
    const secret = hidden(c.attackers).length + hidden(c.defenders).length > 0;
    const stack = (k: number) => `Humbert's stack${s.options.humbertSize === 'shown' ? ` (${k} unit${k === 1 ? '' : 's'})` : ''}`;
    const list = (us: UnitId[]) =>
      [
        ...us.filter((u) => !hidden(us).includes(u)).map((u) => `${u} ${s.units[u].strength}`),
        ...(hidden(us).length ? [stack(hidden(us).length)] : []),
      ]
        .map((x, i) => `${i && i % 3 === 0 ? '\n' : ''}${x}`)
        .join(', ')
        .replace(/, \n/g, ',\n');
    const sp = (us: UnitId[], total: number) => (hidden(us).length ? '?' : `${total}`);
    const odds = secret
      ? `${sp(c.attackers, f.attack)} to ${sp(c.defenders, f.defence)}: strength unknown`
      : `${f.attack} to ${f.defence}: ${rules.crt.columns[f.rawColumn]}`;
    const column = secret ? 'column not shown' : `column ${rules.crt.columns[f.column]}`;
    const gens = (side: SideName) => generalsInCombat(s, rules, c, side);
    const rows: string[][] = [
      [
        `${c.attackerSide} (attacker)`,
        `${list(c.attackers)}\nfrom ${[...new Set(c.attackers.map((u) => s.units[u].hex))].join(', ')}${gens(c.attackerSide)}`,
      ],
      [
        `${other(c.attackerSide)} (defender)`,
        `${list(c.defenders)}\nin ${c.target} (${terrainOf(rules, c.target)})${gens(other(c.attackerSide))}`,
      ],
      ['Odds', odds],
      ['Shifts', `${f.shifts.length ? f.shifts.join(', ') : 'none'}: ${column}`],
      [
        'Die',
        `${roll}${f.modifiers.map((m) => ` ${m.value >= 0 ? '+' : '-'}${Math.abs(m.value)} ${m.why}`).join('')} = ${die}${die !== Math.max(rules.crt.minDie, Math.min(rules.crt.maxDie, die)) ? ` (row ${die < rules.crt.minDie ? '0 or less' : '7 or more'})` : ''}`,
      ],
      [
        'Stratagems',
        [c.stratagems.attacker, c.stratagems.defender]
          .filter(Boolean)
          .map((x) => STRATAGEM_NAME[x!])
          .join(', ') || 'none',
      ],
      [
        'Result',
        `${cell.attacker}/${cell.defender}: the ${cell.winner} (${cell.winner === 'attacker' ? c.attackerSide : other(c.attackerSide)}) wins`,
      ],
    ];
    const t: LogTable = { kind: 'table', title: `Combat at ${hexName(rules, c.target)}`, head: ['', 'Combat'], rows };
    env.log(t);
  }
  return { ...cell, column: rules.crt.columns[f.column], die };
}

function generalsInCombat(s: IrlState, rules: IrlRules, c: CombatState, side: SideName): string {
  const hexes = side === c.attackerSide ? (c.fromSea ? [] : c.attackers.map((u) => s.units[u].hex)) : [c.target];
  const g = rules.generals
    .filter(
      (x) =>
        x.side === side && (s.generals[x.id].place === 'map' || s.generals[x.id].place === 'sea') && hexes.includes(s.generals[x.id].hex),
    )
    .map((x) => x.name);
  return g.length ? ` with ${g.join(', ')}` : '';
}

registerStage('combat', {
  ask: combatAsk,
  act(s, id, env) {
    const rules = rulesOf(env);
    if (id === 'end combat') {
      s.attackedThisPhase = [];
      return nextPhase(s, env);
    }
    declareCombat(s, rules, combatSide(s), namedHex(rules, id.slice(7)));
  },
  step() {},
});

registerStage('attackers', {
  ask: attackersAsk,
  act(s, id, env) {
    const rules = rulesOf(env);
    const c = s.combat!;
    if (id === 'fight') return fight(s, rules, env);
    if (id === 'call off') return callOff(s, rules, env);
    if (id.startsWith('stratagem ')) {
      const st = id.slice(10) as Stratagem;
      c.stratagems.attacker = st;
      useStratagem(s, c.attackerSide, st, env);
      return;
    }
    const add =
      id === 'with all'
        ? joinableAttackers(s, rules, c, positionsOf(s, rules)).filter((u) => c.attackHexes.includes(s.units[u].hex!))
        : [namedUnit(rules, id.slice(5))];
    for (const u of add) {
      c.attackers.push(u);
      const h = s.units[u].hex!;
      if (!c.attackHexes.includes(h)) c.attackHexes.push(h);
    }
  },
  step() {},
});

registerStage('defender-stratagem', {
  ask(s, rules) {
    const st = defenderStratagems(s, rules);
    if (!st.length) return null;
    const side = other(s.combat!.attackerSide);
    return {
      side,
      phase: phaseLabel(s),
      prompt: `${s.combat!.attackerSide} attack ${hexName(rules, s.combat!.target)}: use a stratagem in defence?`,
      options: [...st.map((x) => opt(`stratagem ${x}`, () => `Stratagem: ${STRATAGEM_NAME[x]}`)), opt('no stratagem', 'No stratagem')],
    };
  },
  act(s, id, env) {
    if (id !== 'no stratagem') {
      const st = id.slice(10) as Stratagem;
      s.combat!.stratagems.defender = st;
      useStratagem(s, other(s.combat!.attackerSide), st, env);
    }
    resolve(s);
  },
  step(s) {
    resolve(s);
  },
});

registerPhase('C', (s) => {
  s.attackedThisPhase = [];
  s.stage = 'combat';
});
registerPhase('E', (s) => {
  s.attackedThisPhase = [];
  s.stage = 'combat';
});
