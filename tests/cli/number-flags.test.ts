/**
 * Every number flag of every command, given 21 digits (past Number.MAX_SAFE_INTEGER): refused,
 * exit 2, with the digits echoed as typed, nothing computed (`replay --at 123456789012345678901`
 * said "--at 123456789012345680000").
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runner } from './run.js';

const muster = runner(mkdtempSync(join(tmpdir(), 'muster-numbers-')), { NO_COLOR: '1' });
const BIG = '123456789012345678901';
const REC = resolve('tests/golden/irlande-1798/golden-1.json');

test.each([
  [['replay', REC, '--at', BIG]],
  [['play', '--from', REC, '--at', BIG, '--save', 'f.json']],
  [['odds', REC, '--at', BIG]],
  [['odds', REC, '--at', '42', '--samples', BIG]],
  [['simulate', 'irish-freedom', '--games', BIG]],
  [['simulate', 'irish-freedom', '--threads', BIG]],
  [['compare', 'irish-freedom', '--games', BIG]],
  [['compare', 'irish-freedom', '--threads', BIG]],
  [['check', 'irish-freedom', '--games', BIG]],
  [['check', 'irish-freedom', '--max-steps', BIG]],
])('%j: refused, the number echoed as typed', (args) => {
  const r = muster(args);
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err).toContain(`not "${BIG}"`);
  expect(r.err).not.toMatch(/1234567890123456\d*0000/);
});

test('replay and play --from: a number past the record is echoed as typed', () => {
  expect(muster(['replay', REC, '--at', '0300']).err).toBe('muster: --at 0300: the record has only 265 decisions\n');
  // (The record's path as the message gives it: a long one is clipped, so only its end is compared.)
  expect(muster(['play', '--from', REC, '--at', '0300']).err).toMatch(/^muster: --at 0300: .*golde.* has only 265 decisions\n$/);
});

test('digits only, as check and odds took them: simulate and compare no longer read 1e2 as 100, nor 0x2 as 2', () => {
  for (const [args, flag, bad] of [
    [['simulate', 'irish-freedom'], '--games', '1e2'],
    [['compare', 'irish-freedom'], '--games', '1e2'],
    [['simulate', 'irish-freedom', '--games', '2'], '--threads', '0x2'],
    [['compare', 'irish-freedom', '--games', '2'], '--threads', ' 2'],
  ] as [string[], string, string][]) {
    const r = muster([...args, flag, bad]);
    expect({ args, code: r.code, out: r.out }).toEqual({ args, code: 2, out: '' });
    expect(r.err).toMatch(new RegExp(`^muster: ${flag} wants a whole number from \\d+ to [\\d,]+, not "${bad}"\\n$`));
  }
});
