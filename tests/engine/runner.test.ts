import { IllegalChoice } from '../../src/engine/module.js';
import { NeedRoll } from '../../src/engine/dice.js';
import { checkRecord, RecordError, stateHash } from '../../src/engine/record.js';
import { illegalInRecord, resolveOptions, Session, UsageError } from '../../src/engine/runner.js';
import { playout } from '../../src/engine/playout.js';
import { toyGame, type ToyState } from './toy-game.js';

/** A well-formed rules hash for records made in tests. */
const TEST_HASH = `sha256:${'0'.repeat(64)}`;

const newSession = (extra: Partial<ConstructorParameters<typeof Session>[2]> = {}) =>
  new Session<ToyState>(toyGame, {}, { seed: 'seed-1', rulesHash: TEST_HASH, ...extra }).start();

describe('options', () => {
  test('defaults are filled in and a given value is kept', () => {
    expect(resolveOptions(toyGame)).toEqual({ target: '10' });
    expect(resolveOptions(toyGame, { target: '20' })).toEqual({ target: '20' });
  });
  test('an unknown key or value is a usage error naming the choices', () => {
    expect(() => resolveOptions(toyGame, { nope: '1' })).toThrow(UsageError);
    expect(() => resolveOptions(toyGame, { target: '30' })).toThrow(/10\|20/);
  });
});

describe('session', () => {
  test('an illegal choice throws IllegalChoice with the legal ids and changes nothing', () => {
    const s = newSession();
    const before = JSON.stringify(s.state);
    let legal: string[] | undefined;
    try {
      s.choose('roll');
    } catch (e) {
      if (!(e instanceof IllegalChoice)) throw e;
      legal = e.legal;
    }
    expect(legal).toEqual(['colour red', 'colour blue']);
    expect(JSON.stringify(s.state)).toBe(before);
    expect(s.choices).toEqual([]);
  });

  test('every die roll is logged with its reason, attributed to the choice that rolled it', () => {
    const s = newSession();
    s.choose('colour red');
    s.choose('roll');
    const rolls = s.log.filter((l) => l.entry.kind === 'text' && l.entry.tone === 'roll');
    expect(rolls).toHaveLength(1);
    expect(rolls[0].at).toBe(2);
    expect((rolls[0].entry as { text: string }).text).toMatch(/^D6 = \d {1,2}\(Pig roll\)$/);
  });

  test('undo goes back over decisions without dice but never past a die roll already shown', () => {
    const s = newSession();
    expect(s.canUndo('Solo')).toBe(false);
    s.choose('colour red');
    expect(s.canUndo('Solo')).toBe(true);
    const back = s.undo('Solo');
    expect(back.choices).toEqual([]);
    expect(back.state).toEqual(newSession().state);
    s.choose('roll');
    expect(s.canUndo('Solo')).toBe(false);
    expect(() => s.undo('Solo')).toThrow(/die roll/);
  });

  test('the session knows which side made each choice, also after a replay', () => {
    const s = newSession();
    s.choose('colour red');
    s.choose('roll');
    expect(s.madeBy).toEqual(['Solo', 'Solo']);
    expect(Session.fromRecord(toyGame, {}, s.toRecord()).madeBy).toEqual(['Solo', 'Solo']);
  });

  test('undo never goes back past a revealed secret (env.reveal), as with a die roll', () => {
    const s = newSession({ dice: 'scripted', rolls: [4] });
    s.choose('colour red');
    s.choose('roll');
    s.choose('hold');
    expect(s.canUndo('Solo')).toBe(false);
    expect(() => s.undo('Solo')).toThrow(/secret revealed/);
  });

  test('prompted dice: what happened before the missing roll is shown once, in order', () => {
    const shown: string[] = [];
    const s = newSession({ dice: 'prompted', rolls: [], onLog: (l) => shown.push(l.entry.kind === 'text' ? l.entry.text : 'table') });
    s.choose('colour red');
    expect(() => s.choose('roll')).toThrow(NeedRoll);
    for (const l of s.previewInterrupted()) shown.push(`preview: ${(l.entry as { text: string }).text}`);
    s.rolls.push(3);
    s.choose('roll');
    expect(shown).toEqual(['colour red', 'preview: rolling with 0 in the pot', 'D6 = 3  (Pig roll)']);
    expect(s.log.map((l) => (l.entry as { text: string }).text)).toEqual(['colour red', 'rolling with 0 in the pot', 'D6 = 3  (Pig roll)']);
  });

  test('a record replays to the same state and result (golden: seed-1, heuristic play)', () => {
    const r = playout(
      toyGame,
      {},
      { seed: 'seed-1', options: resolveOptions(toyGame), bots: { Solo: toyGame.bots.heuristic }, keepChoices: true },
    );
    const s = newSession();
    for (const c of r.choices!) s.choose(c);
    expect(s.decision()).toBeNull();
    const rec = s.toRecord();
    expect(rec.stateHash).toBe(stateHash(r.state));
    const again = Session.fromRecord(toyGame, {}, checkRecord(JSON.parse(JSON.stringify(rec)), 'rec'));
    expect(again.result()).toEqual(rec.result);
    expect(stateHash(again.state)).toBe(rec.stateHash);
  });

  test('a record whose choice is no longer legal names the choice number and the legal options', () => {
    const s = newSession();
    s.choose('colour blue');
    const rec = s.toRecord();
    rec.choices = ['colour blue', 'colour red'];
    expect(() => Session.fromRecord(toyGame, {}, rec)).toThrow(/choice 2 "colour red".*legal: roll \| hold/);
  });

  test('a record for another game is refused', () => {
    const rec = newSession().toRecord();
    rec.game = 'other';
    expect(() => Session.fromRecord(toyGame, {}, rec)).toThrow(RecordError);
  });

  test('prompted dice: a missing roll restores the state, and the same choice works once the roll is typed', () => {
    const s = newSession({ dice: 'prompted', rolls: [] });
    s.choose('colour red');
    const before = JSON.stringify(s.state);
    expect(() => s.choose('roll')).toThrow(NeedRoll);
    expect(JSON.stringify(s.state)).toBe(before);
    expect(s.choices).toEqual(['colour red']);
    s.rolls.push(4);
    s.choose('roll');
    expect(s.state.pot).toBe(4);
    const rec = s.toRecord();
    expect(rec.rolls).toEqual([4]);
    expect(Session.fromRecord(toyGame, {}, rec).state.pot).toBe(4);
  });

  test('scripted dice replay exactly the given results', () => {
    const s = newSession({ dice: 'scripted', rolls: [6, 5, 1] });
    s.choose('colour red');
    s.choose('roll');
    s.choose('roll');
    expect(s.state.pot).toBe(11);
    s.choose('roll');
    expect(s.state.pot).toBe(0);
    expect(s.state.turn).toBe(2);
  });
});

describe('records', () => {
  test('malformed records are refused with the field at fault', () => {
    expect(() => checkRecord([], 'f')).toThrow(/not a JSON object/);
    const good = newSession().toRecord();
    expect(() => checkRecord({ ...good, format: 'x' }, 'f')).toThrow(/format/);
    expect(() => checkRecord({ ...good, choices: [1] }, 'f')).toThrow(/choices/);
    expect(() => checkRecord({ ...good, dice: 'scripted' }, 'f')).toThrow(/rolls/);
    expect(checkRecord(good, 'f')).toEqual(good);
  });

  // Issue 7, case 6: a record's "players" holding a number crashed resume; every field is checked.
  const finished = (() => {
    const r = playout(
      toyGame,
      {},
      { seed: 'seed-1', options: resolveOptions(toyGame), bots: { Solo: toyGame.bots.heuristic }, keepChoices: true },
    );
    const s = newSession();
    for (const c of r.choices!) s.choose(c);
    return { ...s.toRecord(), players: { Solo: 'human' } };
  })();
  test.each([
    ['game', { game: 7 }, /"game" must be a string, not 7/],
    ['game', { game: '' }, /"game" is empty/],
    ['rulesHash', { rulesHash: 'sha256:0000' }, /"rulesHash" must be "sha256:" and 64 hexadecimal digits, not "sha256:0000"/],
    ['seed', { seed: null }, /"seed" must be a string, not null/],
    ['options', { options: [] }, /"options" must be an object/],
    ['options', { options: { target: 10 } }, /"options"\."target" must be a string, not 10/],
    ['dice', { dice: 'loaded' }, /"dice" must be "seeded", "scripted" or "prompted", not "loaded"/],
    ['rolls', { dice: 'scripted', rolls: [3, 0] }, /"rolls"\[1\] must be a whole number from 1, not 0/],
    ['rolls', { rolls: 'many' }, /"rolls" must be a list/],
    ['players', { players: 3 }, /"players" must be an object/],
    ['players', { players: { Solo: 3 } }, /"players"\."Solo" must be "human", "script" or "bot:<name>", not 3/],
    ['players', { players: { Solo: 'robot' } }, /"players"\."Solo" must be .* not "robot"/],
    ['choices', { choices: 'roll' }, /"choices" must be a list of strings, not "roll"/],
    ['choices', { choices: ['roll', { id: 1 }] }, /"choices"\[1\] \(choice 2\) must be a string/],
    ['result', { result: 'won' }, /"result" must be an object, not "won"/],
    ['result', { result: { ...finished.result, finished: false } }, /"result"\."finished" must be true/],
    ['result', { result: { ...finished.result, summary: 5 } }, /"result"\."summary" must be a string/],
    ['result', { result: { ...finished.result, winner: 1 } }, /"result"\."winner" must be a side or null/],
    ['result', { result: { ...finished.result, points: '3' } }, /"result"\."points" must be a number, not "3"/],
    ['result', { result: { ...finished.result, turns: null } }, /"result"\."turns" must be a number, not null/],
    ['result', { result: { ...finished.result, details: { a: [1] } } }, /"result"\."details"\."a" must be a number, string/],
    ['stateHash', { stateHash: 'abc' }, /"stateHash" must be "sha256:" and 64 hexadecimal digits, not "abc"/],
    ['stateHash', { stateHash: undefined }, /"result" is given without "stateHash"/],
    ['result', { result: undefined }, /"stateHash" is given without "result"/],
  ])('a bad %s is refused, naming the field: %j', (_field, change, message) => {
    expect(checkRecord(finished, 'f')).toEqual(finished);
    const bad = JSON.parse(JSON.stringify({ ...finished, ...change }));
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete bad[k];
    expect(() => checkRecord(bad, 'game.json')).toThrow(RecordError);
    expect(() => checkRecord(bad, 'game.json')).toThrow(message as RegExp);
    expect(() => checkRecord(bad, 'game.json')).toThrow(/^game\.json is not a Muster game record: /);
  });

  test('a 50 MiB choice id is never echoed whole: it is cut and its length said', () => {
    const rec = newSession().toRecord();
    rec.choices = ['x'.repeat(50 * 1024 * 1024)];
    let message = '';
    try {
      Session.fromRecord(toyGame, {}, rec);
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      message = e.message;
    }
    expect(message).toMatch(/^choice 1 "x{60}\.\.\." \(52,428,800 characters\) is not legal at that point/);
    expect(message.length).toBeLessThan(300);
  });
});

test("a record's illegal choice says the usual cause: its seed, options or rules changed (a newcomer edited a seed and was told only that a choice was not legal)", () => {
  expect(illegalInRecord(2, 'move a', null, [])).toMatch(
    /the game is over \(a record replays only with the seed, options and rules it was played with/,
  );
});
