/** `replay --step`'s `t N`: turns numbered as the game shows them (src/engine/turns.ts). */
import { describe, expect, test } from '@jest/globals';
import type { TurnMark } from '../../src/engine/module.js';
import { locateTurn, parseTurnCommand } from '../../src/engine/turns.js';

const woi = (turn: number): TurnMark => ({ turn, part: { key: 'woi', name: 'War of Independence' } });
const cw = (turn: number): TurnMark => ({ turn, part: { key: 'cw', name: 'Civil War' } });
/** A campaign: War of Independence turns 1-2 (two decisions each), then Civil War turns 1-4. */
const campaign = [woi(1), woi(1), woi(2), woi(2), cw(1), cw(2), cw(3), cw(3), cw(4)];

describe('parseTurnCommand', () => {
  test('reads t N, t PART N and t PARTN; anything else is not a turn command', () => {
    expect(parseTurnCommand('t 3')).toEqual({ turn: 3 });
    expect(parseTurnCommand('t cw 3')).toEqual({ part: 'cw', turn: 3 });
    expect(parseTurnCommand('t CW3')).toEqual({ part: 'cw', turn: 3 });
    expect(parseTurnCommand('g 3')).toBeNull();
    expect(parseTurnCommand('t')).toBeNull();
  });
});

describe('locateTurn', () => {
  test("t 3 in a campaign is the Civil War's turn 3, not the third turn played", () => {
    expect(locateTurn(campaign, { turn: 3 })).toEqual({ index: 6 });
  });

  test('a turn number both wars have goes to the first, and says how to reach the other', () => {
    const r = locateTurn(campaign, { turn: 2 });
    expect(r).toEqual({ index: 2, note: 'War of Independence turn 2; Civil War turn 2 is t cw 2.' });
    expect(locateTurn(campaign, { part: 'cw', turn: 2 })).toEqual({ index: 5 });
  });

  test('a turn past the record names each part and its turns', () => {
    const r = locateTurn(campaign, { turn: 99 });
    expect('error' in r && r.error).toBe(
      "The record has no turn 99. The record's turns: War of Independence turns 1 to 2 (t woi N); Civil War turns 1 to 4 (t cw N).",
    );
    // A part the game has but this record does not reach is "not in this record" (a newcomer's t cw 1 on a one-war record).
    const x = locateTurn(campaign, { part: 'x', turn: 1 });
    expect('error' in x && x.error).toMatch(/^No part "x" in this record\. The record's turns: /);
  });

  test('one track: the first decision at turn N or later, and the last turn when past it', () => {
    const marks = [{ turn: 1 }, { turn: 1 }, { turn: 3 }];
    expect(locateTurn(marks, { turn: 2 })).toEqual({ index: 2 });
    expect(locateTurn(marks, { turn: 5 })).toEqual({ error: 'The record ends before turn 5: its last turn is 3.' });
  });
});
