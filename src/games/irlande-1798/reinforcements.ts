/**
 * Phase A, reinforcements (rulebook 6): the English schedule (12.2: turns 3 and 4 at 1206) and the
 * French recruitment roll on the Irish Recruitment Table (6.2) when they did not have enough victory
 * points at the end of the preceding turn to win.
 */
import type { GameEnv } from '../../engine/module.js';
import { enterHex } from './control.js';
import { logText, nextPhase, opt, phaseLabel, registerPhase, registerStage } from './flow.js';
import {
  adjacentEnemy,
  generalsIn,
  hasEnemy,
  hexName,
  namedHex,
  namedUnit,
  neighboursOf,
  positionsOf,
  rulesOf,
  unitsIn,
  type Positions,
} from './map.js';
import { mayStand } from './stacking.js';
import type { Defeats, HexId, IrlRules, IrlState, UnitId } from './state.js';

/** English units due this turn and not yet placed. */
function dueEnglish(s: IrlState, rules: IrlRules): UnitId[] {
  return rules.reinforcements
    .filter((r) => r.turn <= s.turn)
    .flatMap((r) => r.units)
    .filter((u) => s.units[u].place === 'reinforcement');
}

/** Where a reinforcement may be placed: its entry hex, or when that is full or held by the French, the other south-edge hexes (rules/irlande-1798.md). */
function entryHexes(s: IrlState, rules: IrlRules, u: UnitId, at: Positions): HexId[] {
  const entry = rules.reinforcements.find((r) => r.units.includes(u))!.hex;
  const lakeDue =
    s.generals.lake.place === 'reinforcement' && rules.reinforcements.some((r) => r.turn <= s.turn && r.generals.includes('lake'));
  const ok = (h: HexId) => !hasEnemy(at, rules, h, 'English') && (lakeDue && h === entry ? true : mayStand(s, rules, at, h, [u]));
  if (ok(entry)) return [entry];
  return [entry, ...neighboursOf(rules, entry)].filter((h) => rules.rout.englishRoutHexes.includes(h) && ok(h)).sort();
}

/** One modifier of the recruitment die (rule 6.2) and its cause, in words. */
export interface RecruitmentModifier {
  value: number;
  why: string;
}

/**
 * 6.2: the modifiers of the recruitment die, one per combat of the preceding turn that counts: +1 for an
 * English force defeated with one Irish militia (green) unit in it, +2 with two or more; -1 for each
 * French defeat. Cumulative.
 */
export function recruitmentModifiers(rules: IrlRules, d: Defeats): RecruitmentModifier[] {
  const out: RecruitmentModifier[] = [];
  const at = (h: HexId) => hexName(rules, h);
  for (const e of d.english) {
    const value = e.militia >= 2 ? rules.recruitment.twoOrMoreMilitia : e.militia === 1 ? rules.recruitment.oneMilitia : 0;
    if (value) out.push({ value, why: `English beaten at ${at(e.hex)} with ${e.militia} Irish militia unit${e.militia === 1 ? '' : 's'}` });
  }
  for (const h of d.french) out.push({ value: rules.recruitment.perFrenchDefeat, why: `French beaten at ${at(h)}` });
  return out;
}

/** 6.2: the sum of the modifiers. */
export function recruitmentModifier(rules: IrlRules, d: Defeats): number {
  return recruitmentModifiers(rules, d).reduce((t, m) => t + m.value, 0);
}

export function recruitmentPoints(rules: IrlRules, modifiedDie: number): number {
  return rules.recruitment.table.find((r) => modifiedDie >= r.min && modifiedDie <= r.max)!.points;
}

/** Where a recruited strength point may go: a United Irishmen counter under 3 SP; else a new counter in a French-controlled town. */
function recruitOptions(s: IrlState, rules: IrlRules, at: Positions) {
  const ui = rules.setup.unitsInPool;
  const fill = ui
    .filter((u) => s.units[u].place === 'map' && !s.units[u].routed && s.units[u].strength < rules.recruitment.counterMax)
    .filter((u) => {
      const h = s.units[u].hex!;
      s.units[u].strength++;
      const ok = mayStand(s, rules, at, h, [u]);
      s.units[u].strength--;
      return ok;
    });
  if (fill.length)
    return fill.map((u) =>
      opt(`fill ${u}`, () => `Add a strength point to ${rules.index.unit[u].name} at ${s.units[u].hex} (now ${s.units[u].strength} SP)`),
    );
  const fresh = ui.find((u) => s.units[u].place === 'pool');
  if (!fresh) return [];
  return rules.victory.towns
    .filter((t) => s.control[t.hex] === 'French' && !hasEnemy(at, rules, t.hex, 'French'))
    .filter((t) => {
      s.units[fresh].strength = 1;
      const ok = mayStand(s, rules, at, t.hex, [fresh]);
      s.units[fresh].strength = 0;
      return ok;
    })
    .map((t) =>
      opt(
        `new ${t.hex}`,
        () =>
          `A new United Irishmen counter at ${t.name} (${t.hex})${adjacentEnemy(at, rules, t.hex, 'French') ? ', next to the English' : ''}`,
      ),
    );
}

/**
 * Why recruited points are lost (6.2, rules/irlande-1798.md "Recruitment"): what stops each United
 * Irishmen counter taking one, and each French-held town taking a new counter (stacking, Humbert's
 * company, English units, no counter left).
 */
function recruitLostWhy(s: IrlState, rules: IrlRules, at: Positions): string {
  const limit = rules.stacking.limit;
  const sp = (h: HexId) => unitsIn(at, rules, h).reduce((n, u) => n + s.units[u].strength, 0);
  const onMap = rules.setup.unitsInPool.filter((u) => s.units[u].place === 'map');
  const counters = onMap.length
    ? onMap
        .map((u) => {
          const name = `${rules.index.unit[u].name} at ${s.units[u].hex}`;
          if (s.units[u].routed) return `${name} is routed`;
          if (s.units[u].strength >= rules.recruitment.counterMax) return `${name} has ${rules.recruitment.counterMax} SP`;
          return `${name} would break the ${limit} SP stacking limit (${sp(s.units[u].hex!)} SP there)`;
        })
        .join('; ')
    : 'none is on the map';
  const towns = rules.victory.towns.filter((t) => s.control[t.hex] === 'French');
  const raise = !rules.setup.unitsInPool.some((u) => s.units[u].place === 'pool')
    ? 'no counter is left to raise'
    : !towns.length
      ? 'the French hold no town'
      : towns
          .map((t) => {
            const name = `${t.name} (${t.hex})`;
            if (hasEnemy(at, rules, t.hex, 'French')) return `${name} holds English units`;
            if (generalsIn(at, rules, t.hex).includes('humbert')) return `${name} has Humbert (rule 2)`;
            return `${name} holds ${sp(t.hex)} SP, the stacking limit being ${limit}`;
          })
          .join('; ');
  return `no United Irishmen counter can take a point (${counters}) and no new counter can be raised (${raise})`;
}

function finishRecruitment(s: IrlState, env: GameEnv): void {
  s.recruits = 0;
  nextPhase(s, env);
}

registerStage('reinforce', {
  ask(s, rules, at) {
    const due = dueEnglish(s, rules);
    if (!due.length) return null;
    const u = due[0];
    const hexes = entryHexes(s, rules, u, at);
    if (!hexes.length) return null;
    return {
      side: 'English',
      phase: phaseLabel(s),
      prompt: `Reinforcements: where does ${rules.index.unit[u].name} enter?`,
      options: hexes.map((h) =>
        opt(`enter ${u} ${h}`, () => `At ${hexName(rules, h)}${unitsIn(at, rules, h).length ? ' (joining units there)' : ''}`),
      ),
    };
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    const [, named, hex] = id.split(' ');
    const u = namedUnit(rules, named);
    const h = namedHex(rules, hex);
    const entry = rules.reinforcements.find((r) => r.units.includes(u))!;
    // Lake arrives with the first unit of his turn, wherever it enters (12.2).
    const generals = entry.generals.filter((g) => s.generals[g].place === 'reinforcement');
    for (const g of generals) s.generals[g] = { id: g, place: 'map', hex: h };
    s.units[u].place = 'map';
    s.units[u].hex = h;
    const withGenerals = generals.length ? `, with ${generals.map((g) => rules.index.general[g].name).join(' and ')}` : '';
    logText(env, `English reinforcement: ${rules.index.unit[u].name} enters at ${hexName(rules, h)}${withGenerals}.`, 'event', 'English');
    enterHex(s, rules, h, 'English', [u], env);
  },
  step(s, env) {
    const rules = rulesOf(env);
    const due = dueEnglish(s, rules);
    if (due.length)
      logText(
        env,
        `No room at the entry hexes: ${due.map((u) => rules.index.unit[u].name).join(', ')} will try again next turn.`,
        'warn',
        'English',
      );
    // Lake waits with the units of his turn if none could enter.
    beginRecruitment(s, env);
  },
});

/** 6.2: the French roll when they lacked the victory points to win at the end of the preceding turn. */
function beginRecruitment(s: IrlState, env: GameEnv): void {
  const rules = rulesOf(env);
  const last = s.vpAtEnd[s.turn - 2];
  s.stage = 'recruit';
  s.recruits = 0;
  if (!last || !s.landed) return;
  if (last.French > last.English) {
    logText(
      env,
      `No Irish recruitment: the French led ${last.French} to ${last.English} VP at the end of turn ${s.turn - 1} (rule 6.2).`,
      'info',
      'French',
    );
    return;
  }
  const mods = recruitmentModifiers(rules, s.lastTurnDefeats);
  const mod = mods.reduce((t, m) => t + m.value, 0);
  const roll = env.dice.roll(6, 'Irish Recruitment Table (rule 6.2)');
  const points = recruitmentPoints(rules, roll + mod);
  const named = mods.length
    ? mods.map((m) => ` ${m.value > 0 ? '+' : '-'}${Math.abs(m.value)} (${m.why})`).join('')
    : ' (no modifier: no combat lost last turn counts)';
  logText(
    env,
    `Irish recruitment (rule 6.2): die ${roll}${named} = ${roll + mod}: ${points} strength point${points === 1 ? '' : 's'} for the United Irishmen.`,
    'event',
    'French',
  );
  s.recruits = points;
}

registerStage('recruit', {
  ask(s, rules, at) {
    if (s.recruits <= 0) return null;
    const options = recruitOptions(s, rules, at);
    if (!options.length) return null;
    return {
      side: 'French',
      phase: phaseLabel(s),
      prompt: `Irish recruitment: ${s.recruits} strength point${s.recruits === 1 ? '' : 's'} to place.`,
      options,
    };
  },
  act(s, id, env) {
    const rules = rulesOf(env);
    const [verb, what] = id.split(' ');
    if (verb === 'fill') {
      s.units[what].strength++;
      logText(
        env,
        `Recruitment: ${rules.index.unit[what].name} at ${hexName(rules, s.units[what].hex!)} gains a strength point (now ${s.units[what].strength} SP).`,
        'event',
        'French',
      );
    } else {
      const fresh = rules.setup.unitsInPool.find((u) => s.units[u].place === 'pool')!;
      s.units[fresh] = { ...s.units[fresh], place: 'map', hex: what, strength: 1, routed: false };
      logText(env, `Recruitment: ${rules.index.unit[fresh].name} is raised at ${hexName(rules, what)} (1 SP).`, 'event', 'French');
    }
    s.stats.recruited++;
    s.recruits--;
  },
  step(s, env) {
    if (s.recruits > 0)
      logText(
        env,
        `${s.recruits === 1 ? 'The last point is' : `The ${s.recruits} points left are`} lost: ${recruitLostWhy(s, rulesOf(env), positionsOf(s, rulesOf(env)))}.`,
        'warn',
        'French',
      );
    finishRecruitment(s, env);
  },
});

registerPhase('A', (s) => {
  // A new turn: stratagems and attacks are counted afresh; last turn's defeats feed rule 6.2.
  s.stratagemThisTurn = { French: false, English: false };
  s.attackedThisTurn = [];
  s.landedThisTurn = [];
  s.lastTurnDefeats = s.defeats;
  s.defeats = { french: [], english: [] };
  s.stage = 'reinforce';
});
