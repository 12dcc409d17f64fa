/**
 * --option humbert-combat=hidden, rules/irlande-1798.md "Running into the hidden stack" (rules 5, 9.1):
 * a unit of Humbert's stack that a combat routs away is off the English map until the combat ends, so
 * the options of an English retreat must not depend on where it went. A newcomer's game (seed nc1):
 * the 70e attacks Ballina from Humbert's hex 0407, 70e/1 routs 0408 > 0508 > 0608 and the Yeomanry
 * Cav. 1 retreats; 0608 was missing from its options.
 */
import { botRng } from '../../../src/engine/dice.js';
import { Session } from '../../../src/engine/runner.js';
import { secretLeak } from '../../../src/engine/secrets.js';
import type { IrlRules, IrlState } from '../../../src/games/irlande-1798/state.js';
import type { IrlView } from '../../../src/games/irlande-1798/view.js';
import { mod, rulesData } from './helpers.js';

let rules: IrlRules;
beforeAll(async () => {
  rules = await rulesData();
});

const ATTACK = [
  'attack-killala 70e-g',
  'stratagem bayonet',
  'fight',
  'end movement',
  'move 70e-1',
  'with all',
  'to 0407',
  'stop',
  'attack 0507',
  'with 70e-g',
  'with all',
  'fight',
  'lose ballina-garr',
];

/** The newcomer's game to the English retreat, 70e/1 routing by `rout` (three hexes). */
function toRetreat(rout: string[]): Session<IrlState> {
  const s = new Session<IrlState>(mod, rules, { seed: 'nc1', rulesHash: 'x', keepLog: true, options: { 'humbert-combat': 'hidden' } });
  s.start();
  for (const id of [...ATTACK, ...rout.map((h) => `rout 70e-1 ${h}`)]) s.choose(id);
  return s;
}

const ROUT_TO_0608 = ['0408', '0508', '0608'];
const ROUT_TO_0505 = ['0506', '0606', '0505'];

test('humbert-combat=hidden: the English retreat is offered the same hexes wherever the hidden routed unit went', () => {
  const a = toRetreat(ROUT_TO_0608);
  const b = toRetreat(ROUT_TO_0505);
  expect(a.state.units['70e-1']).toMatchObject({ hex: '0608', routed: true });
  expect(b.state.units['70e-1']).toMatchObject({ hex: '0505', routed: true });
  const da = a.decision()!;
  expect(da.side).toBe('English');
  expect(da.options.map((o) => o.id)).toEqual([
    'retreat yeo-cav-1 0408',
    'retreat yeo-cav-1 0506',
    'retreat yeo-cav-1 0508',
    'retreat yeo-cav-1 0608',
  ]);
  expect(JSON.stringify(b.decision())).toBe(JSON.stringify(da));
});

test('humbert-combat=hidden: the secrets property holds at the English retreat (perturbHidden moves the routed unit)', () => {
  const s = toRetreat(ROUT_TO_0608);
  const rng = botRng('hidden-rout');
  let changed = 0;
  for (let k = 0; k < 20; k++) {
    const r = secretLeak(mod, rules, s.state, 'English', rng, k < 2);
    expect(r.leak).toBeNull();
    if (r.changed) changed++;
  }
  expect(changed).toBe(20);
});

test('humbert-combat=hidden: an English retreat into the hex the hidden unit holds does not happen; the unit retreats elsewhere', () => {
  const s = toRetreat(ROUT_TO_0608);
  s.choose('retreat yeo-cav-1 0608');
  expect(s.state.units['yeo-cav-1'].hex).toBe('0507');
  const log = s.log.map((l) => ('text' in l.entry ? l.entry.text : '')).join('\n');
  expect(log).toMatch(/Yeomanry Cav\. 1 cannot retreat into Barnageehy gap \(0608\): a unit of Humbert's stack is there/);
  // It is not named, nor shown on the English map, until the combat ends.
  expect(log).not.toMatch(/70e\/1/);
  expect(mod.render(mod.view(s.state, 'English', rules), { color: false, width: 120 })).not.toMatch(/70e-1/);
  const d = s.decision()!;
  expect(d.options.map((o) => o.id)).toEqual(['retreat yeo-cav-1 0408', 'retreat yeo-cav-1 0506', 'retreat yeo-cav-1 0508']);
  // What was found is not taken back.
  expect(s.canUndo('English')).toBe(false);
  s.choose('retreat yeo-cav-1 0506');
  expect(s.state.units['yeo-cav-1'].hex).toBe('0506');
});

test("humbert-combat=hidden: when a unit routs out of Humbert's stack, the English are not told the stack moved (a newcomer read 0407>0407)", () => {
  const before = toRetreat([]);
  const prev = mod.view(before.state, 'English', rules) as IrlView;
  const s = toRetreat(ROUT_TO_0608);
  const out = mod.render(mod.view(s.state, 'English', rules), { color: false, width: 120, previous: prev });
  expect(out).toMatch(/Since your last decision: .*Humbert's stack 5>4 counters/);
  expect(out).not.toMatch(/0407>0407/);
});
