/** User text in messages (src/engine/quote.ts): cut with its length said, control characters escaped. */
import { clip, groupDigits, quote, safeMessage } from '../../src/engine/quote.js';

describe('quote and clip', () => {
  test('short text is shown whole, in quotes', () => {
    expect(quote('fly to the moon')).toBe('"fly to the moon"');
    expect(clip('game.json')).toBe('game.json');
  });

  test('a 1 MiB line is cut after 60 characters and its length said', () => {
    const line = 'a'.repeat(1024 * 1024);
    expect(quote(line)).toBe(`"${'a'.repeat(60)}..." (1,048,576 characters)`);
    expect(clip(line, 10)).toBe('aaaaaaaaaa... (1,048,576 characters)');
  });

  test('newlines, tabs, escape sequences, a byte-order mark and bidi overrides are written as escapes', () => {
    expect(quote('one\ntwo\r\tthree')).toBe('"one\\ntwo\\r\\tthree"');
    expect(quote('\u001b[31mred')).toBe('"\\u001b[31mred"');
    expect(quote('\ufeffpass')).toBe('"\\ufeffpass"');
    expect(quote('abc\u202edef')).toBe('"abc\\u202edef"');
    expect(clip('a\nb')).toBe('a\\nb');
    expect(quote('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
  });

  test('a cut never splits a surrogate pair', () => {
    expect(quote('x'.repeat(59) + '😀' + 'y', 60)).toBe(`"${'x'.repeat(59)}..." (62 characters)`);
  });

  test('digits are grouped the same in every locale', () => {
    expect(groupDigits(52428800)).toBe('52,428,800');
    expect(groupDigits(999)).toBe('999');
  });

  test("the last line of defence keeps the message's own lines, escapes control characters and cuts endless lines", () => {
    expect(safeMessage('line one\nline two')).toBe('line one\nline two');
    expect(safeMessage('bell\u0007')).toBe('bell\\u0007');
    const long = safeMessage('x'.repeat(100_000));
    expect(long.length).toBeLessThan(4100);
    expect(long).toMatch(/\.\.\. \(100,000 characters\)$/);
  });
});
