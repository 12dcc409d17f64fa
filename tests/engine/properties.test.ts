/** Property-based tests (fast-check) of the engine's building blocks. */
import fc from 'fast-check';
import { EngineDice, parseRollList } from '../../src/engine/dice.js';
import { checkRecord, stateHash } from '../../src/engine/record.js';
import { parseScript } from '../../src/engine/deciders/script.js';
import { playout } from '../../src/engine/playout.js';
import { resolveOptions, Session } from '../../src/engine/runner.js';
import { toyGame } from './toy-game.js';

/** A well-formed rules hash for records made in tests. */
const TEST_HASH = `sha256:${'0'.repeat(64)}`;

describe('dice properties', () => {
  test('any seed and die size: results lie in 1..sides and repeat for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, sides) => {
        const a = EngineDice.seeded(seed);
        const b = EngineDice.seeded(seed);
        for (let i = 0; i < 20; i++) {
          const r = a.roll(sides, 'p');
          if (r < 1 || r > sides || !Number.isInteger(r)) return false;
          if (b.roll(sides, 'p') !== r) return false;
        }
        return true;
      }),
    );
  });

  test('shuffle returns a permutation of any list', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer()), (seed, list) => {
        const out = EngineDice.seeded(seed).shuffle(list, 'p');
        return JSON.stringify([...out].sort()) === JSON.stringify([...list].sort());
      }),
    );
  });

  test('a written roll list parses back to itself', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 })), fc.constantFrom(',', ' ', '\n', ', '), (rolls, sep) => {
        expect(parseRollList(rolls.join(sep))).toEqual(rolls);
      }),
    );
  });
});

describe('script properties', () => {
  test('comments and blank lines are dropped, the other lines keep their numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(''), fc.constant('# note'), fc.stringMatching(/^[a-z][a-z0-9 /-]{0,12}$/))), (lines) => {
        const parsed = parseScript(lines.join('\n'));
        const expected = lines.map((t, i) => ({ line: i + 1, text: t.replace(/#.*/, '').trim() })).filter((l) => l.text !== '');
        expect(parsed).toEqual(expected);
      }),
    );
  });
});

describe('record properties', () => {
  test('any prefix of a game replays from its record to the same state; undo without dice is exact', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(40), (seed, cut) => {
        const full = playout(
          toyGame,
          {},
          { seed, options: resolveOptions(toyGame), bots: { Solo: toyGame.bots.random }, keepChoices: true },
        );
        const n = Math.min(cut, full.choices!.length);
        const s = new Session(toyGame, {}, { seed, rulesHash: TEST_HASH }).start();
        for (const c of full.choices!.slice(0, n)) s.choose(c);
        const rec = checkRecord(JSON.parse(JSON.stringify(s.toRecord())), 'p');
        const again = Session.fromRecord(toyGame, {}, rec);
        expect(stateHash(again.state)).toBe(stateHash(s.state));
        if (s.canUndo('Solo')) {
          const back = s.undo('Solo');
          const ref = new Session(toyGame, {}, { seed, rulesHash: TEST_HASH }).start();
          for (const c of full.choices!.slice(0, n - 1)) ref.choose(c);
          expect(back.state).toEqual(ref.state);
        }
      }),
      { numRuns: 60 },
    );
  });
});
