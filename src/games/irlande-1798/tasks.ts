/**
 * The consequences of a combat, a bombardment or a failed rally, one small decision at a time
 * (rulebook 8.3, 9, 11.2): losses (the owner chooses), morale checks (JM), rout movement, the loser's
 * retreat, the winner's advance, a general left without his units.
 */
import type { GameEnv } from '../../engine/module.js';
import { rollCombat } from './combat.js';
import { enterHex } from './control.js';
import { logText, nextPhase, opt, phaseLabel, registerStage, type Ask } from './flow.js';
import { eliminate, loseStep } from './losses.js';
import {
  hasEnemy,
  hexName,
  namedHex,
  namedUnit,
  neighboursOf,
  positionsOf,
  rulesOf,
  terrainOf,
  unitData,
  unitsIn,
  type Positions,
} from './map.js';
import { enterCost } from './move-points.js';
import { mayStand } from './stacking.js';
import { STRATAGEM_NAME } from './stratagems.js';
import { other, type GeneralId, type HexId, type IrlRules, type IrlState, type SideName, type Task, type UnitId } from './state.js';
import { landFleet } from './setup.js';
import { englishSight, hiddenFromEnglish, hiddenUnitIn, humbertHex } from './hidden.js';
import { retreatHexes, routDistances, routSteps } from './retreat-rout.js';
import { BOMBARDMENT_WHY, blindTarget, bombard } from './artillery.js';
import { capturedIfMoved, strandedGeneral, strandedWhy } from './generals.js';

const sideOfUnit = (rules: IrlRules, u: UnitId): SideName => rules.index.unit[u].side;

/** Losses a unit can still take before it is eliminated. */
function stepsLeft(s: IrlState, rules: IrlRules, u: UnitId): number {
  const d = rules.index.unit[u];
  if (d.variable) return s.units[u].strength;
  return d.reduced !== null && s.units[u].strength === d.full ? 2 : 1;
}

function moveUnit(s: IrlState, rules: IrlRules, u: UnitId, to: HexId): void {
  const from = s.units[u].hex!;
  (s.departures[from] ??= []).push(to);
  s.units[u].hex = to;
}

// ---- the task stage ----------------------------------------------------------------------------

function taskAsk(s: IrlState, rules: IrlRules, at: Positions): Ask | null {
  const phase = phaseLabel(s);
  // A general left alone is seen to first, before any other question.
  const lone = strandedGeneral(s, rules, at);
  if (lone) {
    if (!lone.candidates.length) return null;
    const gd = rules.index.general[lone.general];
    return {
      side: gd.side,
      phase,
      prompt: `${gd.name} is left without his units: where does he go?`,
      options: lone.candidates.map((h) => opt(`general ${lone.general} ${h}`, () => `To ${hexName(rules, h)}`)),
    };
  }
  const t = s.tasks[0];
  if (!t) return null;
  switch (t.kind) {
    case 'loss': {
      const alive = t.among.filter((u) => s.units[u].place === 'map' || s.units[u].place === 'sea');
      const first = t.first.filter((u) => alive.includes(u));
      const pool = t.firstLeft > 0 && first.length ? first : alive;
      if (!pool.length || t.count <= 0) return null;
      // Losses that eliminate every unit anyway leave nothing to choose.
      if (t.count >= alive.reduce((n, u) => n + stepsLeft(s, rules, u), 0)) return null;
      return {
        side: t.side,
        phase,
        prompt: `${t.why}: ${t.count} loss${t.count === 1 ? '' : 'es'} to take${t.firstLeft > 0 && first.length ? " (the stratagem's units first)" : ''}. Which unit loses a step?`,
        options: pool.map((u) =>
          opt(`lose ${u}`, () => `${unitData(rules, u).name} (${s.units[u].strength} SP, ${afterLoss(s, rules, u)})`),
        ),
      };
    }
    case 'retreat': {
      if (s.units[t.unit].place !== 'map') return null;
      const hexes = retreatHexes(s, rules, t.unit, sight(s, rules, sideOfUnit(rules, t.unit), at));
      if (!hexes.length) return null;
      return {
        side: sideOfUnit(rules, t.unit),
        phase,
        prompt: `${t.why}: ${unitData(rules, t.unit).name} retreats one hex from ${s.units[t.unit].hex}. Where to?`,
        options: hexes.map((h) =>
          opt(`retreat ${t.unit} ${h}`, () => `To ${hexName(rules, h)} (${terrainOf(rules, h)})${capturedIfMoved(s, rules, t.unit, h)}`),
        ),
      };
    }
    case 'rout': {
      if (s.units[t.unit].place !== 'map' || t.left <= 0) return null;
      const steps = routSteps(s, rules, t, sight(s, rules, sideOfUnit(rules, t.unit), at));
      if (!steps.length) return null;
      const name = unitData(rules, t.unit).name;
      return {
        side: sideOfUnit(rules, t.unit),
        phase,
        prompt: `${t.why}: ${name} routs, ${t.left} hex${t.left === 1 ? '' : 'es'} still to go from ${s.units[t.unit].hex}.`,
        options: steps.map((h) =>
          h === 'off'
            ? opt(`rout ${t.unit} off`, () => `Off the map (eliminated)${capturedIfMoved(s, rules, t.unit, 'off')}`)
            : opt(`rout ${t.unit} ${h}`, () => `To ${hexName(rules, h)}${capturedIfMoved(s, rules, t.unit, h)}`),
        ),
      };
    }
    case 'advance': {
      const opts = advanceOptions(s, rules, t, sight(s, rules, t.side, at));
      if (!opts.length) return null;
      return {
        side: t.side,
        phase,
        prompt: `The ${t.side} won: advance into the vacated hex?`,
        options: [...opts, opt('done', 'No (more) advance', advanceNumbers(s, t).done)],
      };
    }
    case 'bombard': {
      const c = s.combat!;
      const targets = (c.attackerSide === 'English' ? c.defenders : c.attackers).filter(
        (u) => s.units[u].place === 'map' && !s.units[u].routed,
      );
      if (!targets.length) return null;
      if (t.round === 2 && !(c.bombardTarget && s.units[c.bombardTarget].routed)) return null;
      // Rule 5 (humbert-combat=hidden): the English cannot tell the units of Humbert's stack apart, so
      // they aim at the stack and the unit hit is drawn at random, as a counter picked blind. Offered
      // while a unit of the stack in the combat is in good order, which is every unit of it the guns can
      // reach (attackers are, 8.1; a routed one next to the English surrenders, 9.2): it tells nothing hidden.
      const blind = targets.filter((u) => hiddenFromEnglish(s, rules, u));
      const options = targets
        .filter((u) => !blind.includes(u))
        .map((u) =>
          opt(
            `bombard ${u}`,
            () =>
              `Bombard ${unitData(rules, u).name} (${s.units[u].strength} SP, quality ${unitData(rules, u).quality}, in ${s.units[u].hex})`,
          ),
        );
      if (blind.length)
        options.push(opt('bombard humbert', `Bombard a unit of Humbert's stack, drawn blind (in ${s.units[blind[0]].hex})`));
      if (t.round === 2) options.push(opt('no bombardment', 'No second bombardment'));
      return {
        side: 'English',
        phase,
        prompt: t.round === 1 ? 'Artillery: choose the enemy unit to bombard.' : 'The target routed: bombard a second target?',
        options,
      };
    }
    default:
      return null;
  }
}

/**
 * Who stands where as `side` sees it, for its retreats, routs and advances: the English do not see the
 * units of Humbert's stack a hidden combat took out of his hex (rule 5, englishSight).
 */
function sight(s: IrlState, rules: IrlRules, side: SideName, at: Positions): Positions {
  return side === 'English' ? englishSight(s, rules, at) : at;
}

/**
 * humbert-combat=hidden: an English unit sent into a hex where a unit of the hidden stack stands (its
 * options do not show those units) does not go: the hex is known to hold a French unit from then on,
 * and the unit is asked again (rules/irlande-1798.md, "Running into the hidden stack"). True if so.
 */
function ranIntoHiddenStack(s: IrlState, rules: IrlRules, u: UnitId, to: HexId, move: string, env: GameEnv): boolean {
  // Only a combat of the hidden stack has units off the English map (the default game never looks).
  if (!s.combat?.humbertStack || sideOfUnit(rules, u) !== 'English' || !hiddenUnitIn(s, rules, positionsOf(s, rules), to)) return false;
  const stack = s.combat!.humbertStack!;
  (stack.found ??= []).push(to);
  env.reveal?.();
  logText(
    env,
    `${unitData(rules, u).name} cannot ${move} ${hexName(rules, to)}: a unit of Humbert's stack is there (rule 5); it goes elsewhere if it can.`,
    'bad',
    'English',
  );
  return true;
}

/**
 * The order of a morale check's dice (8.3). Units hidden in Humbert's stack (humbert-combat=hidden) roll
 * after the others, in an order shuffled blind: in counter order an English player who knows the stack's
 * make-up could tell whose die each was (rules/irlande-1798.md, "Humbert's stack in combat"). A shuffle
 * is logged without its result; a single hidden unit needs none, and nothing changes where no unit is hidden.
 */
function moraleOrder(s: IrlState, rules: IrlRules, units: UnitId[], env: GameEnv): UnitId[] {
  const checks = units.filter((u) => (s.units[u].place === 'map' || s.units[u].place === 'sea') && !s.units[u].routed);
  const hidden = checks.filter((u) => hiddenFromEnglish(s, rules, u));
  if (hidden.length < 2) return units;
  const blind = env.dice.shuffle(hidden, "Humbert's stack: the order of its units' morale dice, drawn blind (rule 5)", 'counters');
  return [...units.filter((u) => !hidden.includes(u)), ...blind];
}

/** What one loss does to `u` (rulebook 2, 6.2): a two-sided counter flips, a United Irishmen counter loses a point, else eliminated. */
function afterLoss(s: IrlState, rules: IrlRules, u: UnitId): string {
  const d = unitData(rules, u);
  const sp = s.units[u].strength;
  if (d.variable) return sp > 1 ? `down to ${sp - 1} SP` : 'eliminated';
  return d.reduced !== null && sp === d.full ? `flips to ${d.reduced}` : 'eliminated';
}

/**
 * The numbers a player types in the advance question, kept while the winner advances unit by unit: it
 * is asked again after each, and a newcomer who read "4. No (more) advance" and typed it after the
 * list had shrunk got nothing, and "2" another unit than the one read. Each (unit, hex) pair keeps the
 * number of the first question: the winner's units in the combat that can still advance (on the map,
 * in good order, not landed this turn: none of which changes while they advance), by hex left by the
 * loser; "done" after them all. Records keep option ids: the numbers are for people only.
 */
function advanceNumbers(s: IrlState, t: Extract<Task, { kind: 'advance' }>) {
  const c = s.combat!;
  const units = (t.side === c.attackerSide ? c.attackers : c.defenders).filter(
    (u) => s.units[u].place === 'map' && !s.units[u].routed && !s.landedThisTurn.includes(u),
  );
  return {
    of: (u: UnitId, h: HexId) => {
      const k = units.indexOf(u);
      if (k < 0) throw new Error(`irlande-1798: no number for the advance of ${u}`);
      return 1 + k * t.into.length + t.into.indexOf(h);
    },
    done: units.length * t.into.length + 1,
  };
}

function advanceOptions(s: IrlState, rules: IrlRules, t: Extract<Task, { kind: 'advance' }>, at: Positions) {
  const number = advanceNumbers(s, t);
  const out = [];
  for (const u of t.units) {
    const st = s.units[u];
    if (st.place !== 'map' || st.routed) continue;
    // Rule 12.1: units landed this turn "can neither move nor attack"; an advance is a move
    // (rules/irlande-1798.md, "Landed units do not advance").
    if (s.landedThisTurn.includes(u)) continue;
    for (const h of t.into) {
      if (!neighboursOf(rules, st.hex!).includes(h)) continue;
      if (unitsIn(at, rules, h).length && hasEnemy(at, rules, h, t.side)) continue;
      if (enterCost(rules, u, st.hex!, h) === null || !mayStand(s, rules, at, h, [u], [], [u])) continue;
      out.push(opt(`advance ${u} ${h}`, () => `Advance ${unitData(rules, u).name} into ${hexName(rules, h)}`, number.of(u, h)));
    }
  }
  return out;
}

function taskAct(s: IrlState, id: string, env: GameEnv): void {
  const rules = rulesOf(env);
  const parts = id.split(' ');
  if (parts[0] === 'general') {
    const g = parts[1] as GeneralId;
    const h = namedHex(rules, parts[2]);
    s.generals[g].hex = h;
    // humbert-combat=hidden: Humbert goes with his units unseen while the combat lasts, or the English
    // would read a rout's path and length off the log (rule 5, humbertSeenAt); endCombat says where he is.
    if (g === 'humbert' && s.combat?.humbertStack) return;
    logText(env, `${rules.index.general[g].name} joins his units at ${hexName(rules, h)}.`, 'info', rules.index.general[g].side);
    return;
  }
  const t = s.tasks[0];
  switch (t.kind) {
    case 'loss': {
      const u = namedUnit(rules, parts[1]);
      if (t.first.includes(u) && t.firstLeft > 0) t.firstLeft--;
      loseStep(s, rules, u, env);
      t.count--;
      if (t.count <= 0) s.tasks.shift();
      return;
    }
    case 'retreat': {
      const to = namedHex(rules, parts[2]);
      if (ranIntoHiddenStack(s, rules, t.unit, to, 'retreat into', env)) return;
      moveUnit(s, rules, t.unit, to);
      logUnitMove(s, rules, t.unit, (who) => `${who} retreats to ${hexName(rules, to)}`, 'info', env);
      enterHex(s, rules, to, sideOfUnit(rules, t.unit), [t.unit], env);
      s.tasks.shift();
      return;
    }
    case 'rout': {
      const to = parts[2];
      if (to === 'off') {
        logText(env, `${unitData(rules, t.unit).name} routs off the map.`, 'bad', sideOfUnit(rules, t.unit));
        const from = s.units[t.unit].hex!;
        eliminate(s, rules, t.unit, env);
        (s.departures[from] ??= []).push('off');
        s.tasks.shift();
        return;
      }
      if (ranIntoHiddenStack(s, rules, t.unit, namedHex(rules, to), 'rout into', env)) return;
      t.visited.push(s.units[t.unit].hex!);
      moveUnit(s, rules, t.unit, namedHex(rules, to));
      t.left--;
      if (t.left <= 0) {
        logUnitMove(s, rules, t.unit, (who) => `${who} routs ${[...t.visited, to].join(' > ')}`, 'bad', env);
        s.tasks.shift();
      }
      return;
    }
    case 'advance': {
      if (id === 'done') {
        s.tasks.shift();
        return;
      }
      const u = namedUnit(rules, parts[1]);
      const h = namedHex(rules, parts[2]);
      if (ranIntoHiddenStack(s, rules, u, h, 'advance into', env)) return;
      const from = s.units[u].hex!;
      s.units[u].hex = h;
      // A general whose units all advance goes with them.
      (s.departures[from] ??= []).push(h);
      t.units = t.units.filter((x) => x !== u);
      logUnitMove(s, rules, u, (who) => `${who} advances into ${hexName(rules, h)}`, 'info', env);
      enterHex(s, rules, h, t.side, [u], env);
      return;
    }
    case 'bombard': {
      s.tasks.shift();
      if (id === 'no bombardment') return;
      bombard(s, rules, parts[1] === 'humbert' ? blindTarget(s, rules, env) : namedUnit(rules, parts[1]), t.round, env);
      return;
    }
    default:
      s.tasks.shift();
  }
}

/**
 * The log line of a retreat, rout or advance the unit `u` has just made (the log is public, rule 5):
 * none for a unit of the stack a combat keeps hidden (humbert-combat=hidden: endCombat says where the
 * stack went); "A French unit" when it has ended in Humbert's hidden stack, as for a move into it.
 */
function logUnitMove(s: IrlState, rules: IrlRules, u: UnitId, line: (who: string) => string, tone: 'info' | 'bad', env: GameEnv): void {
  if (s.combat?.humbertStack?.units.includes(u)) return;
  const joined = hiddenFromEnglish(s, rules, u);
  const text = joined ? `${line('A French unit')} and joins Humbert's stack.` : `${line(unitData(rules, u).name)}.`;
  logText(env, text, tone, sideOfUnit(rules, u));
}

/**
 * What caused a morale check, for its die's line: a JM result of the CRT (8.2), or a bombardment of
 * 5 or 6 (11.2 Artillery; a newcomer read "(JM)" on a check the guns caused). Log text only: the task's
 * `why` in the state is unchanged.
 */
function moraleCause(why: string): string {
  if (why === BOMBARDMENT_WHY) return 'artillery, 11.2';
  return 'JM';
}

/** Automatic tasks: morale rolls, the CRT, retreats and routs that cannot happen, the end of a combat. */
function taskStep(s: IrlState, env: GameEnv, at: Positions): void {
  const rules = rulesOf(env);
  const lone = strandedGeneral(s, rules, at);
  if (lone) {
    const g = rules.index.general[lone.general];
    const why = env.verbose ? strandedWhy(s, rules, lone.general) : '';
    s.generals[lone.general] = { id: lone.general, place: 'eliminated', hex: null };
    logText(env, `${g.name} ${why}: he is captured.`, 'bad', g.side);
    return;
  }
  const t = s.tasks.shift();
  if (!t) return finishTasks(s, rules, env);
  switch (t.kind) {
    case 'loss': {
      // Every unit is lost whatever the order (or none is left to take the losses).
      for (const u of t.among) {
        if (s.units[u].place !== 'map' && s.units[u].place !== 'sea') continue;
        while (!loseStep(s, rules, u, env));
      }
      return;
    }
    case 'retreat':
      if (s.units[t.unit].place === 'map') {
        eliminate(s, rules, t.unit, env, 'cannot retreat');
      }
      return;
    case 'rout':
      if (s.units[t.unit].place === 'map' && t.left > 0) {
        if (
          sideOfUnit(rules, t.unit) === 'English' &&
          s.options.routExit === 'stop' &&
          routDistances(s, rules, t.unit)[s.units[t.unit].hex!] === 0
        ) {
          logText(env, `${unitData(rules, t.unit).name} stops its rout at ${s.units[t.unit].hex}.`, 'bad', 'English');
          return;
        }
        eliminate(s, rules, t.unit, env, 'cannot rout any further');
      }
      return;
    case 'morale': {
      const routs: Task[] = [];
      for (const u of moraleOrder(s, rules, t.units, env)) {
        const st = s.units[u];
        if ((st.place !== 'map' && st.place !== 'sea') || st.routed) continue;
        const q = unitData(rules, u).quality;
        // Rule 5 (humbert-combat=hidden): a unit of the hidden stack is neither named nor its quality given.
        const hid = hiddenFromEnglish(s, rules, u);
        const who = hid ? "a unit of Humbert's stack" : `${unitData(rules, u).name}, quality ${q}`;
        const roll = env.dice.roll(6, `Morale check (${moraleCause(t.why)}) of ${who}`);
        // The die and the quality are in the roll's own line: the result says only what happens, so
        // that the same result reads the same whatever the die (muster odds adds such outcomes up).
        if (roll > q) {
          st.routed = true;
          logText(
            env,
            hid
              ? "A unit of Humbert's stack fails its morale check and routs."
              : `${unitData(rules, u).name} fails its morale check and routs.`,
            'bad',
            sideOfUnit(rules, u),
          );
          if (st.place === 'map')
            routs.push({
              kind: 'rout',
              unit: u,
              left: unitData(rules, u).type === 'cavalry' ? rules.rout.cavalry : rules.rout.infantry,
              visited: [],
              why: t.why,
            });
        } else
          logText(
            env,
            hid ? "A unit of Humbert's stack holds." : `${unitData(rules, u).name} passes its morale check and holds.`,
            'info',
            sideOfUnit(rules, u),
          );
      }
      s.tasks.unshift(...routs);
      return;
    }
    case 'resolve':
      return resolveCrt(s, rules, env);
    case 'after-combat':
      return afterCombat(s, rules, env);
    case 'end-combat':
      return endCombat(s, rules, env);
    default:
      return; // advance, general, bombard with nothing to choose
  }
}

/** 8.3: the CRT result: losses, morale checks, then the loser's retreat and the winner's advance. */
function resolveCrt(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const c = s.combat!;
  const alive = (us: UnitId[]) => us.filter((u) => s.units[u].place === 'map' || s.units[u].place === 'sea');
  c.attackers = alive(c.attackers);
  c.defenders = alive(c.defenders);
  if (!c.attackers.length || !c.defenders.length) {
    logText(env, `The combat at ${c.target} falls through: one side has no unit left in it.`, 'combat');
    c.winner = null;
    s.tasks.unshift({ kind: 'end-combat' });
    return;
  }
  const r = rollCombat(s, rules, env);
  c.result = r;
  const attacker = c.attackerSide;
  const defender = other(attacker);
  c.winner = r.winner === 'attacker' ? attacker : defender;
  const failed = c.winner !== attacker;
  const tasks: Task[] = [];
  const losses = (res: string) => (/^[AD][123]$/.test(res) ? Number(res[1]) : 0);
  // 11.1 / 11.2: a failed bayonet or cavalry charge takes its first two losses from the 70e / the cavalry.
  let first: UnitId[] = [];
  if (failed && c.stratagems.attacker === 'bayonet') first = c.attackers.filter((u) => rules.index.unit[u].demiBrigade70);
  if (failed && c.stratagems.attacker === 'cavalry-charge') first = c.attackers.filter((u) => rules.index.unit[u].type === 'cavalry');
  if (losses(r.attacker))
    tasks.push({
      kind: 'loss',
      side: attacker,
      count: losses(r.attacker),
      among: c.attackers.slice(),
      first,
      firstLeft: first.length ? 2 : 0,
      why: `Combat at ${c.target}, ${r.attacker}`,
    });
  if (losses(r.defender))
    tasks.push({
      kind: 'loss',
      side: defender,
      count: losses(r.defender),
      among: c.defenders.slice(),
      first: [],
      firstLeft: 0,
      why: `Combat at ${c.target}, ${r.defender}`,
    });
  if (r.attacker === 'JM') tasks.push({ kind: 'morale', units: c.attackers.slice(), why: `Combat at ${c.target}, JM` });
  if (r.defender === 'JM') tasks.push({ kind: 'morale', units: c.defenders.slice(), why: `Combat at ${c.target}, JM` });
  tasks.push({ kind: 'after-combat' });
  s.tasks.unshift(...tasks);
}

/** 8.3: the losing side retreats one hex (routed units have routed already); artillery lost if the English retreat. */
function afterCombat(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const c = s.combat!;
  const loser = c.winner === c.attackerSide ? other(c.attackerSide) : c.attackerSide;
  const losers = (loser === c.attackerSide ? c.attackers : c.defenders).filter(
    (u) => s.units[u].place === 'map' || s.units[u].place === 'sea',
  );
  const tasks: Task[] = [];
  for (const u of losers)
    if (!s.units[u].routed && s.units[u].place === 'map')
      tasks.push({ kind: 'retreat', unit: u, why: `Combat at ${c.target}, ${loser} defeated` });
  if (loser === 'English' && (c.stratagems.attacker === 'artillery' || c.stratagems.defender === 'artillery')) {
    s.spent.push('artillery');
    logText(
      env,
      `The English lost the combat and must retreat: the guns are abandoned (${STRATAGEM_NAME.artillery} removed from play, rule 11.2).`,
      'bad',
      'English',
    );
  }
  const lostHexes = loser === c.attackerSide ? c.attackHexes.filter((h) => h !== rules.setup.fleetHex) : [c.target];
  const winners = (loser === c.attackerSide ? c.defenders : c.attackers).filter((u) => s.units[u].place === 'map');
  tasks.push({ kind: 'advance', side: other(loser), units: winners, into: lostHexes });
  tasks.push({ kind: 'end-combat' });
  s.tasks.unshift(...tasks);
  // The advance may only enter hexes the loser has left.
  const adv = tasks.find((x) => x.kind === 'advance') as Extract<Task, { kind: 'advance' }>;
  adv.into = lostHexes;
}

function endCombat(s: IrlState, rules: IrlRules, env: GameEnv): void {
  const c = s.combat!;
  if (c.winner) {
    const loser = other(c.winner);
    if (loser === 'French') {
      s.defeats.french.push(c.target);
      s.stats.frenchDefeats++;
    } else {
      s.defeats.english.push({ hex: c.target, militia: c.englishMilitia });
      s.stats.englishDefeats++;
    }
  }
  if (c.fromSea) {
    s.combat = null;
    const won = c.winner === 'French' && unitsIn(positionsOf(s, rules), rules, rules.setup.killala, 'English').length === 0;
    s.killalaTried = true;
    if (won) {
      logText(env, 'Killala is taken: the French disembark there.', 'good', 'French');
      landFleet(s, rules, rules.setup.killala, env);
      s.resume = 'move';
    } else s.resume = 'landing';
    return;
  }
  s.combat = null;
  if (c.humbertStack) logHiddenStackAfterCombat(s, rules, c.humbertStack, env);
}

/**
 * humbert-combat=hidden, once the combat is over (rule 5): where Humbert's stack stands now if it
 * moved, and, named, the units of it that the combat left apart from Humbert (they are in the open).
 */
function logHiddenStackAfterCombat(s: IrlState, rules: IrlRules, stack: { hex: HexId; units: UnitId[] }, env: GameEnv): void {
  const hh = humbertHex(s);
  const onMap = stack.units.filter((u) => s.units[u].place === 'map');
  if (hh && hh !== stack.hex)
    logText(
      env,
      onMap.some((u) => s.units[u].hex === hh)
        ? `Humbert's stack is now at ${hexName(rules, hh)} (from ${stack.hex}).`
        : `Humbert is now at ${hexName(rules, hh)} (from ${stack.hex}).`,
      'info',
      'French',
    );
  for (const u of onMap.filter((x) => s.units[x].hex !== hh))
    logText(
      env,
      `${unitData(rules, u).name} is out of Humbert's stack, at ${hexName(rules, s.units[u].hex!)}${s.units[u].routed ? ' (routed)' : ''}.`,
      'info',
      'French',
    );
}

/** When the queue is empty: play resumes. */
function finishTasks(s: IrlState, rules: IrlRules, env: GameEnv): void {
  s.departures = {};
  const resume = s.resume;
  if (resume === 'next-phase') return nextPhase(s, env);
  s.stage = resume;
}

registerStage('tasks', { ask: taskAsk, act: taskAct, step: taskStep });
