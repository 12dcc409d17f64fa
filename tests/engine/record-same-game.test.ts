/** notAnEarlierSave: which existing record Save as may write over (an earlier save of the same game). */
import { notAnEarlierSave, RECORD_FORMAT, type GameRecord } from '../../src/engine/record.js';

const now: GameRecord = {
  format: RECORD_FORMAT,
  game: 'english-civil-war',
  rulesHash: 'sha256:abc',
  seed: 's1',
  options: { 'turn-limit': 'none' },
  dice: 'seeded',
  players: { Parliament: 'human', Royalist: 'human' },
  choices: ['a', 'b', 'c'],
};

test('an earlier save of the same game: its choices the first of this game, its players may differ', () => {
  expect(notAnEarlierSave({ ...now, choices: ['a'] }, now)).toBeUndefined();
  expect(notAnEarlierSave({ ...now, choices: [] }, now)).toBeUndefined();
  expect(notAnEarlierSave({ ...now, players: { Parliament: 'bot:heuristic', Royalist: 'human' } }, now)).toBeUndefined();
});

test('another game is named by what differs', () => {
  expect(notAnEarlierSave({ ...now, game: 'irish-freedom' }, now)).toBe('a game of irish-freedom');
  // This game's seed is never named (a drawn seed is secret until the game ends).
  expect(notAnEarlierSave({ ...now, seed: 's2' }, now)).toBe('another seed, "s2"');
  expect(notAnEarlierSave({ ...now, options: { 'turn-limit': '25' } }, now)).toBe('option turn-limit=25, not none');
  expect(notAnEarlierSave({ ...now, rulesHash: 'sha256:def' }, now)).toBe('played with other rules data');
  expect(notAnEarlierSave({ ...now, dice: 'prompted' }, now)).toBe('prompted dice, not seeded');
  expect(notAnEarlierSave({ ...now, start: { turn: 3 } }, now)).toBe('started from another position');
  // a fork: the same start, other choices from decision 2
  // Neither the decision nor the choices are named (they may be the other side's secrets).
  expect(notAnEarlierSave({ ...now, choices: ['a', 'x'] }, now)).toBe(
    'another line of play of this game (its decisions part from this one)',
  );
  // this game's later decisions, undone here since
  expect(notAnEarlierSave({ ...now, choices: ['a', 'b', 'c', 'd'] }, now)).toBe('decisions this game does not have now (taken back since)');
  expect(notAnEarlierSave({ ...now, dice: 'scripted', rolls: [1, 2] }, { ...now, dice: 'scripted', rolls: [1, 3, 4] })).toBe(
    'other die rolls',
  );
});
