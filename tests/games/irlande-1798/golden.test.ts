/**
 * The golden records of Irlande 1798 (tests/golden/irlande-1798): three bot games and one hot-seat game
 * played to the end at a terminal (tmux). Each must exist (a missing one fails here) and replay to its
 * recorded result and final state; tests/golden/golden.test.ts replays every record of the folder too.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRecord, stateHash } from '../../../src/engine/record.js';
import { loadRules } from '../../../src/engine/rules.js';
import { Session } from '../../../src/engine/runner.js';
import { mod } from './helpers.js';

const DIR = join(process.cwd(), 'tests', 'golden', 'irlande-1798');
const FILES = ['golden-1.json', 'golden-2.json', 'golden-3.json', 'human-tmux-hotseat-1.json'];

test.each(FILES)('%s exists, is finished and replays to its result and state', async (file) => {
  const path = join(DIR, file);
  expect(existsSync(path)).toBe(true);
  const { rules, hash } = await loadRules(mod);
  const rec = readRecord(path);
  expect(rec.rulesHash).toBe(hash);
  expect(rec.result?.finished).toBe(true);
  const s = Session.fromRecord(mod, rules, rec, { keepLog: false });
  expect(s.decision()).toBeNull();
  expect(s.result()).toEqual(rec.result);
  expect(stateHash(s.state)).toBe(rec.stateHash);
});

test('the hot-seat record was played by two people', () => {
  expect(readRecord(join(DIR, 'human-tmux-hotseat-1.json')).players).toEqual({ French: 'human', English: 'human' });
});
