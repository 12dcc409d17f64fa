/**
 * Golden records of both scenarios (tests/golden/small-action/, replayed by tests/golden/golden.test.ts):
 * here, that each scenario has one, so a missing golden fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameRecord } from '../../../src/engine/record.js';

const DIR = join(process.cwd(), 'tests', 'golden', 'small-action');
const FILES = [
  'lane-ambush-heuristic.json',
  'patrol-clash-heuristic.json',
  'lane-ambush-random-printed.json',
  'patrol-clash-random-danger.json',
];

test.each(FILES)('golden record %s exists and is a finished game', (file) => {
  const path = join(DIR, file);
  expect(existsSync(path)).toBe(true);
  const rec = JSON.parse(readFileSync(path, 'utf8')) as GameRecord;
  expect(rec.game).toBe('small-action');
  expect(rec.result?.finished).toBe(true);
});

test('both scenarios have a golden record', () => {
  const scenarios = FILES.map((f) => (JSON.parse(readFileSync(join(DIR, f), 'utf8')) as GameRecord).options.scenario);
  expect(new Set(scenarios)).toEqual(new Set(['lane-ambush', 'patrol-clash']));
});
