/**
 * The number flags of every command (src/commands/number-flag.ts): digits only, never past
 * Number.MAX_SAFE_INTEGER, and a refused value echoed as typed (a 21-digit --at was echoed rounded:
 * "--at 123456789012345680000").
 */
import { atFlag, parseWhole, wholeFlag } from '../../src/commands/number-flag.js';

const BIG = '123456789012345678901';

test('parseWhole: digits only, up to Number.MAX_SAFE_INTEGER exactly', () => {
  expect(parseWhole('0')).toBe(0);
  expect(parseWhole('007')).toBe(7);
  expect(parseWhole('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  // One past: Number() gives 9007199254740992 for both of these; they are refused.
  for (const t of ['9007199254740992', '9007199254740993', BIG, '1e3', '0x10', ' 12', '12 ', '+1', '-1', '1.0', '', '١٢'])
    expect({ t, n: parseWhole(t) }).toEqual({ t, n: undefined });
});

test('wholeFlag: a value beyond the safe integers is refused with the text as typed', () => {
  expect(wholeFlag('--games', '250', 1, 10_000_000)).toBe(250);
  expect(() => wholeFlag('--games', BIG, 1, 10_000_000)).toThrow(`--games wants a whole number from 1 to 10,000,000, not "${BIG}"`);
  expect(() => wholeFlag('--games', '1e3', 1, 10_000_000)).toThrow('not "1e3"');
  // A bound of the safe integers itself: the text, not a rounding of it.
  expect(() => wholeFlag('--n', '9007199254740993', 0, Number.MAX_SAFE_INTEGER)).toThrow(
    '--n wants a whole number from 0 to 9,007,199,254,740,991, not "9007199254740993"',
  );
});

test('atFlag: past the record, in the words given, with the number as typed', () => {
  const tooFar = (typed: string) => `--at ${typed}: the record has only 265 decisions`;
  expect(atFlag('265', 265, tooFar)).toBe(265);
  expect(() => atFlag('0266', 265, tooFar)).toThrow('--at 0266: the record has only 265 decisions');
  expect(() => atFlag(BIG, 265, tooFar)).toThrow(`--at wants a decision number from 0 to 265, not "${BIG}"`);
  expect(() => atFlag('9007199254740993', 265, tooFar)).toThrow('not "9007199254740993"');
  expect(() => atFlag('300', 265)).toThrow('--at wants a decision number from 0 to 265, not "300"');
});
