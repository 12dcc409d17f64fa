/** Setting up a scenario (rules/small-action.json `scenarios`): the sections and their figures where the scenario puts them. */
import type { GameEnv, Options } from '../../engine/module.js';
import { gridOf, parseCell } from './geometry.js';
import { optionsText } from './help.js';
import { startTurn } from './turn.js';
import type { FigureState, SaRules, SaState, SectionState } from './types.js';

export function setupGame(rules: SaRules, options: Options, env: GameEnv): SaState {
  if (env.rules !== rules) env = { ...env, rules };
  const id = options.scenario ?? rules.scenarios[0].id;
  const sc = rules.scenarios.find((x) => x.id === id);
  if (!sc) throw new Error(`small-action has no scenario "${id}"; scenarios: ${rules.scenarios.map((x) => x.id).join(', ')}`);
  const g = gridOf(rules, sc.id);
  const figures: FigureState[] = [];
  const sections: SectionState[] = sc.sections.map((d, sec) => {
    const members: number[] = [];
    d.figures.forEach((f, k) => {
      members.push(figures.length);
      figures.push({
        label: `${d.mark}${k + 1}`,
        name: f.name,
        section: sec,
        role: k === 0 ? 'leader' : k === 1 ? '2ic' : 'man',
        weapon: f.weapon,
        grenades: f.grenades ?? 0,
        cell: parseCell(g, f.cell),
        status: 'ready',
        suppressed: false,
        order: null,
        fm: null,
        moved: false,
        threw: false,
      });
    });
    return {
      id: d.id,
      name: d.name,
      side: d.side,
      cls: d.class,
      mark: d.mark,
      facing: d.facing,
      members,
      leader: members[0],
      second: members[1],
      card: null,
      forced: null,
      forcedWhy: null,
      fallBack: false,
      casualtiesThisTurn: 0,
      leaderLostThisTurn: false,
    };
  });
  const s: SaState = {
    scenario: sc.id,
    options: {
      morale: (options.morale ?? 'on') === 'on',
      danger: (options['danger-to-leaders'] ?? 'off') as SaState['options']['danger'],
      facing: (options.facing ?? 'turn') === 'fixed' ? 'fixed' : 'turn',
      // Written only when it is not the default: a default game's state (and its hash) is as before.
      ...(options['leader-last'] === 'section' ? { leaderLast: 'section' as const } : {}),
      ...(options['leaders-off'] === 'as-body' ? { leadersOff: 'as-body' as const } : {}),
    },
    turn: 0,
    turnLimit: sc.turnLimit,
    stage: 'orders',
    first: 'Blue',
    ordering: 'Blue',
    revealed: false,
    queue: [],
    throwing: null,
    sections,
    figures,
    points: { Blue: 0, Red: 0 },
    over: false,
    winner: null,
    endReason: null,
    // The tally of cards laid, by card: its keys arrive in a different order in every game, so it is a
    // dictionary (no prototype: the same JSON) rather than an object V8 would give a new shape for
    // every order of arrival.
    stats: { orders: Object.create(null) as Record<string, number>, fires: 0, grenades: 0, closeCombats: 0, moraleFails: 0 },
  };
  const opts = optionsText(s, rules);
  env.log({
    kind: 'text',
    text: `${sc.name}: ${sc.blurb} ${sc.turnLimit} turns. Blue is the ${sc.sides.Blue.name}, Red the ${sc.sides.Red.name}. ${victoryText(sc)}${opts ? ` ${opts}` : ''}`,
    tone: 'event',
  });
  startTurn(s, env);
  return s;
}

/** How the scenario is won, from its victory data (said at the start: points come only from these). */
export function victoryText(sc: SaRules['scenarios'][number]): string {
  const v = sc.victory;
  const parts = [`${v.perCasualty} points per enemy casualty`];
  if (v.mustExit) {
    const side = sc.sides[v.mustExit.side].name;
    const foe = sc.sides[v.mustExit.side === 'Blue' ? 'Red' : 'Blue'].name;
    parts.push(
      `each ${side} figure still on the table at the end gives the ${foe} ${v.mustExit.pointsPerFigure} (getting away scores nothing itself)`,
    );
  }
  for (const h of v.hold) parts.push(`${h.points} to the side alone in ${h.name} at the end`);
  return `Victory: ${parts.join('; ')}; more points wins.`;
}
