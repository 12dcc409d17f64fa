/**
 * Golden records: fixed seeds, bot-made choices, run through the engine's Session; the committed
 * fixtures hold the choices, the result and the final state hash. Replays must match them exactly.
 * Regenerate (after a deliberate rules change) with UPDATE_GOLDEN=1; a missing fixture fails.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { botRng, botRngFor } from '../../../src/engine/dice.js';
import { stateHash, type GameRecord } from '../../../src/engine/record.js';
import { Session } from '../../../src/engine/runner.js';
import { loadRules } from '../../../src/engine/rules.js';
import type { EcwRules, EcwState } from '../../../src/games/english-civil-war/state.js';
import { mod } from './helpers.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const GAMES = [
  {
    name: 'heuristic-vs-heuristic',
    seed: 'golden-1',
    bots: { Parliament: 'heuristic', Royalist: 'heuristic' },
    options: { 'turn-limit': '50' },
  },
  {
    name: 'random-vs-heuristic',
    seed: 'golden-2',
    bots: { Parliament: 'random', Royalist: 'heuristic' },
    options: { 'turn-limit': 'none' },
  },
  { name: 'heuristic-vs-random', seed: 'golden-3', bots: { Parliament: 'heuristic', Royalist: 'random' }, options: { 'turn-limit': '25' } },
];

let rules: EcwRules;
let hash: string;
beforeAll(async () => {
  ({ rules, hash } = await loadRules(mod));
});

function play(g: (typeof GAMES)[number]): Session<EcwState> {
  const s = new Session<EcwState>(mod, rules, { seed: g.seed, options: g.options, rulesHash: hash, keepLog: false }).start();
  for (let d = s.decision(); d; d = s.decision()) {
    const side = d.side as 'Parliament' | 'Royalist';
    s.choose(mod.bots[g.bots[side]](mod.view(s.state, side, rules), d, botRngFor(g.seed, side, s.choices.length + 1)));
  }
  return s;
}

describe.each(GAMES)('golden record $name', (g) => {
  test('bots make the same choices and reach the same result and state hash', () => {
    const rec = play(g).toRecord();
    const file = join(DIR, `${g.name}.json`);
    // Regenerated only on request; a missing file fails (it is never written to make the test pass).
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, JSON.stringify({ ...rec, rulesHash: 'sha256:(any)' }, null, 1) + '\n');
    expect({ file: g.name, exists: existsSync(file) }).toEqual({ file: g.name, exists: true });
    const golden = JSON.parse(readFileSync(file, 'utf8')) as GameRecord;
    expect(rec.choices).toEqual(golden.choices);
    expect(rec.result).toEqual(golden.result);
    expect(rec.stateHash).toBe(golden.stateHash);
  });

  test('the record replays to the same result and state hash', () => {
    const golden = JSON.parse(readFileSync(join(DIR, `${g.name}.json`), 'utf8')) as GameRecord;
    const s = Session.fromRecord<EcwState>(mod, rules, { ...golden, rulesHash: hash }, { keepLog: false });
    expect(s.decision()).toBeNull();
    expect(s.result()).toEqual(golden.result);
    expect(stateHash(s.state)).toBe(golden.stateHash);
  });
});

test('a game saved in the middle of a battle resumes to the same state and goes on', () => {
  const g = GAMES[0];
  const s = new Session<EcwState>(mod, rules, { seed: g.seed, options: g.options, rulesHash: hash, keepLog: false }).start();
  const rng = botRng('mid-battle');
  while (!(s.state.stage === 'pick' && s.state.battle!.pickSide === 'Royalist')) {
    const d = s.decision()!;
    s.choose(mod.bots.heuristic(mod.view(s.state, d.side, rules), d, rng));
  }
  const rec = JSON.parse(JSON.stringify(s.toRecord())) as GameRecord;
  const back = Session.fromRecord<EcwState>(mod, rules, rec, { keepLog: false });
  expect(stateHash(back.state)).toBe(stateHash(s.state));
  expect(back.decision()).toEqual(s.decision());
  expect(JSON.stringify(back.decision())).toBe(JSON.stringify(s.decision())); // the prompt too (a getter)
  const d = back.decision()!;
  back.choose(d.options[0].id);
});

test('undo takes back a battle card choice, which rolls no dice', () => {
  const g = GAMES[0];
  const s = new Session<EcwState>(mod, rules, { seed: g.seed, options: g.options, rulesHash: hash, keepLog: false }).start();
  const rng = botRng('undo');
  while (!(s.state.stage === 'pick' && s.state.battle!.pickAspect === 1)) {
    const d = s.decision()!;
    s.choose(mod.bots.random(mod.view(s.state, d.side, rules), d, rng));
  }
  const before = stateHash(s.state);
  const d = s.decision()!;
  s.choose(d.options[0].id);
  expect(s.canUndo(d.side)).toBe(true);
  expect(stateHash(s.undo(d.side).state)).toBe(before);
});
