/** The engine's guarantees for games of several sides, on a toy game with secrets (architecture.md, "Guarantees"). */
import { botRngFor } from '../../src/engine/dice.js';
import { playout } from '../../src/engine/playout.js';
import { Session } from '../../src/engine/runner.js';
import { undoRefusal } from '../../src/commands/game-loop.js';
import { runBattery } from './battery.js';
import { toyDuel } from './toy-duel.js';

runBattery({ mod: toyDuel, rules: () => ({}), seeds: 50 });

const session = (rolls: number[]) => new Session(toyDuel, {}, { seed: 'duel', rulesHash: 'x', dice: 'scripted', rolls }).start();

describe('undo across sides', () => {
  test('a side may take back its own decision only while no other side has decided since', () => {
    const s = session([1, 6, 6, 6]);
    s.choose('pick 2');
    expect(s.canUndo('A')).toBe(true);
    expect(s.canUndo('B')).toBe(false); // not B's decision
    s.choose('pick 3'); // B answers (and the picks are revealed)
    expect(s.canUndo('A')).toBe(false);
    expect(s.canUndo('B')).toBe(false); // the reveal
    expect(() => s.undo('A')).toThrow(/not yours/);
  });

  test("a side that has not decided yet is told so, not that its decision was answered (a newcomer's first undo as the second side)", () => {
    const s = session([1, 6, 6, 6]);
    s.choose('pick 2');
    expect(undoRefusal(s, 'B')).toBe('Nothing to undo: you have not made a decision yet.');
    s.choose('pick 3');
    expect(undoRefusal(s, 'A')).toMatch(/^Nothing to undo: your last decision was answered by the other side/);
  });

  test('undo rebuilds the game without the decision', () => {
    const s = session([1, 6]);
    s.choose('pick 2');
    const back = s.undo('A');
    expect(back.choices).toEqual([]);
    expect(back.decision()?.side).toBe('A');
  });
});

describe('forced decisions', () => {
  test('a window where a side holds nothing is asked, applied by the engine and not recorded', () => {
    // Token roll 1: A holds a token, B none. After the picks, A decides (play bonus | done); B is forced.
    const s = session([1, 6, 6, 6]);
    s.choose('pick 1');
    s.choose('pick 2');
    expect(s.decision()?.phase).toBe('Bonus');
    s.choose('done');
    expect(s.choices).toEqual(['pick 1', 'pick 2', 'done']);
    expect(s.forced.map((f) => `${f.side} ${f.phase} ${f.id}`)).toEqual(['B Bonus done']);
    expect(s.forced[0].at).toBe(3);
    // The forced step comes before the end-of-round roll in the log.
    expect(s.log[s.forced[0].logAt].entry).toMatchObject({ kind: 'text', tone: 'roll' });
  });
});

describe('a forced step shown later', () => {
  test('keeps the prompt and label of the state it was asked in, even when they are getters reading the live state', () => {
    // A module whose prompt and label read the state when read (allowed: module.ts, Decision).
    const live: typeof toyDuel = {
      ...toyDuel,
      decision(st, r) {
        const d = toyDuel.decision(st, r);
        if (!d) return d;
        return {
          ...d,
          get prompt() {
            return `${st.asking}: round ${st.round}, stage ${st.stage}`;
          },
          options: d.options.map((o) => ({
            id: o.id,
            get label() {
              return `${o.label} (round ${st.round})`;
            },
          })),
        };
      },
    };
    const s = new Session(live, {}, { seed: 'duel', rulesHash: 'x', dice: 'scripted', rolls: [1, 1, 6] }).start();
    s.choose('pick 1');
    s.choose('pick 2');
    s.choose('done'); // B's Bonus is forced, then the round ends and round 2 begins
    expect(s.forced.map((f) => [f.prompt, f.label])).toEqual([['B: round 1, stage bonus', 'Nothing more (round 1)']]);
  });
});

describe('bots choose from the record alone', () => {
  test('a game resumed from its record makes the same bot choices as one played straight through', () => {
    const bots = { A: toyDuel.bots.random, B: toyDuel.bots.random };
    for (const seed of ['r1', 'r2', 'r3', 'r4']) {
      const straight = playout(toyDuel, {}, { seed, options: {}, bots, keepChoices: true });
      // Played as a person would, through a Session, resumed from its record after every 5 choices.
      let s = new Session(toyDuel, {}, { seed, rulesHash: 'x' }).start();
      for (let d = s.decision(); d; d = s.decision()) {
        if (s.choices.length % 5 === 0) s = Session.fromRecord(toyDuel, {}, s.toRecord());
        s.choose(bots[d.side as 'A' | 'B'](s.view(d.side) as never, d, botRngFor(seed, d.side, s.choices.length + 1)));
      }
      expect(s.choices).toEqual(straight.choices);
    }
  });
});
