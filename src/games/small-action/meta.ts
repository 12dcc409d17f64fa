/** Small Action Rules: what `muster list` shows, without loading the module. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameMeta } from '../../engine/module.js';
import { RULES_DIR } from '../../engine/rules.js';

/** The scenario ids of rules/small-action.json: a designer adds a scenario by adding an entry there. */
function scenarioIds(): string[] {
  try {
    const data = JSON.parse(readFileSync(join(RULES_DIR, 'small-action.json'), 'utf8')) as { scenarios?: { id?: unknown }[] };
    const ids = (data.scenarios ?? []).map((x) => x.id).filter((x): x is string => typeof x === 'string');
    return ids.length ? ids : ['lane-ambush'];
  } catch {
    return ['lane-ambush', 'patrol-clash'];
  }
}
const SCENARIOS = scenarioIds();

export const meta: GameMeta = {
  id: 'small-action',
  title: 'Small Action Rules (section firefights, 1850-1925)',
  blurb: 'Two players, Blue against Red: sections of ten figures on a 50 mm grid, secret order cards, D20 fire, grenades, close combat.',
  sides: ['Blue', 'Red'],
  rulesName: 'small-action',
  boardName: 'map',
  firstMover: 'the side that fires and moves first in turn 1 (Blue; the sides alternate each turn)',
  optionsSpec: [
    {
      key: 'scenario',
      description:
        'The scenario (an entry of rules/small-action.json): lane-ambush (Kerry, 1921: Flying Column Blue, Black and Tans Red), patrol-clash (1914: British Blue, German Red).',
      values: SCENARIOS,
      default: SCENARIOS[0],
    },
    {
      key: 'morale',
      description: 'Our morale house rule (the rulebook lists a Morale phase without text): "on", or "off" for the printed rules.',
      values: ['on', 'off'],
      default: 'on',
    },
    {
      key: 'danger-to-leaders',
      description:
        'Danger to Leaders: "off" (the leader is the last figure hit), "on" (a D10 after each hit, 10 hits the leader), "on-2ic" (the 2IC too).',
      values: ['off', 'on', 'on-2ic'],
      default: 'off',
    },
    {
      key: 'leader-last',
      description:
        'Whom "the leader is the last one removed" counts among, for aimed fire: "firer" (the figures that firer can hit: a firer that reaches only the leader hits him), or "section" (the figures any firer of the volley can hit: while such a man stands, a hit on the leader, or the 2IC, falls on him).',
      values: ['firer', 'section'],
      default: 'firer',
    },
    {
      key: 'leaders-off',
      description:
        'When leader and 2IC have both left the table (or one left and the other is down) with men still on it: "last-order" (they are beyond every command radius: a new card reaches no one and the men keep their last order; a failed morale test\'s card still reaches them), or "as-body" (the men left act as a body and take each new card, as if within the radius).',
      values: ['last-order', 'as-body'],
      default: 'last-order',
    },
    {
      key: 'facing',
      description:
        'Aimed Fire\'s 180-degree arc: "turn" (a section on Aimed Fire turns in place to face the section it fires at), or "fixed" (it fires only to the front it has, set by its last move or a Cautious Move that stays and turns).',
      values: ['turn', 'fixed'],
      default: 'turn',
    },
  ],
};
