/** The menu's keys (src/ui/prompts.ts `menu`), typed into it as a terminal sends them. */
import { describe, expect, test } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { filterMenu, menu, type MenuItem } from '../../src/ui/prompts.js';
import { stripAnsi } from '../../src/ui/colour.js';

const labels = ['Fire and Movement (movers: Cautious Move)', 'Move into the wood', 'Pass'];
const options: MenuItem[] = labels.map((l, i) => ({
  name: `${String(i + 1).padStart(2)}. ${l}`,
  value: `o${i + 1}`,
  number: i + 1,
  full: `${i + 1}. ${l}`,
}));
const extras: MenuItem[] = [{ name: 'Quit (the game is saved)', value: '@quit' }];

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Types `keys` into a menu (a pause after each: an Escape alone is told from an escape sequence after
 * a while). Returns the option picked (undefined: none yet) and what the menu showed last.
 */
async function typeInto(keys: string[], afterPage = false): Promise<{ picked: string | undefined; shown: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let drawn = '';
  output.on('data', (b) => (drawn += b));
  const stop = new AbortController();
  let picked: string | undefined;
  const answer = menu(
    { message: 'Question?', options, extras, pageSize: 5, width: 80, ctx: { color: false }, afterPage },
    { input, output, signal: stop.signal },
  ).then((v) => (picked = v));
  for (const k of keys) {
    await pause(20);
    input.write(k);
    await pause(k === '\x1b' ? 700 : 20);
  }
  await pause(50);
  stop.abort();
  await answer.catch(() => undefined);
  // The last frame drawn: from the last line that starts with the question.
  const plain = stripAnsi(drawn.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d*[ABCDGJK]`, 'g'), '\n'));
  return { picked, shown: plain.slice(plain.lastIndexOf('Question?')) };
}

describe('the menu at the keyboard', () => {
  test('typed words each starting a word of the label, in order, brackets and punctuation aside, find the option', () => {
    const ids = (t: string) => filterMenu(options, extras, t).map((o) => o.value);
    expect(ids('fire and movement cautious')).toEqual(['o1']);
    expect(ids('fire mov caut')).toEqual(['o1']);
    expect(ids('movers: cautious')).toEqual(['o1']);
    // In order only.
    expect(ids('cautious fire')).toEqual([]);
    // What matched before still matches first: the start of the label, then a part of it.
    expect(ids('move')).toEqual(['o2', 'o1']);
    expect(ids('pass')).toEqual(['o3']);
    expect(ids('2')).toEqual(['o2']);
    // Inside a label, at the start of a word only (the README's rule): "ss" found Pass, and a menu entry's "possible".
    expect(ids('wood')).toEqual(['o2']);
    expect(ids('saved')).toEqual(['@quit']);
    expect(ids('ss')).toEqual([]);
    expect(ids('ass')).toEqual([]);
    expect(ids('aved')).toEqual([]);
  });

  test('after a page, an Enter with nothing typed picks nothing and says why; a number then Enter picks', async () => {
    const held = await typeInto(['\r', ' ', '\r'], true);
    expect(held.picked).toBeUndefined();
    expect(held.shown).toMatch(/Enter right after a page picks nothing/);
    expect((await typeInto(['\r', '2', '\r'], true)).picked).toBe('o2');
    // The arrows moved: Enter picks the option they moved to.
    expect((await typeInto(['\r', '\x1b[B', '\x1b[A', '\r'], true)).picked).toBe('o1');
    // Not after a page: Enter picks the highlighted option, as before.
    expect((await typeInto(['\r'])).picked).toBe('o1');
  });

  test('a list longer than its room counts lines, the game menu entries among them, not options', async () => {
    const many: MenuItem[] = Array.from({ length: 7 }, (_, i) => ({
      name: `${i + 1}. Option ${i + 1}`,
      value: `m${i + 1}`,
      number: i + 1,
    }));
    const input = new PassThrough();
    const output = new PassThrough();
    let drawn = '';
    output.on('data', (b) => (drawn += b));
    const stop = new AbortController();
    const answer = menu(
      { message: 'Question?', options: many, extras, pageSize: 5, width: 80, ctx: { color: false } },
      { input, output, signal: stop.signal },
    );
    await pause(50);
    stop.abort();
    await answer.catch(() => undefined);
    expect(stripAnsi(drawn)).toMatch(/\(1-5 of 8 lines: arrows scroll\)/);
  });

  test('an Enter on text that matches nothing says so and clears the filter: the next answer starts afresh', async () => {
    const r = await typeInto(['zzz', '\r']);
    expect(r.picked).toBeUndefined();
    expect(r.shown).toMatch(/nothing matches "zzz"/);
    expect((await typeInto(['zzz', '\r', 'pass', '\r'])).picked).toBe('o3');
    // A second Enter, to dismiss the message, picks nothing (it picked option 1); a number then Enter does.
    const again = await typeInto(['zzz', '\r', '\r']);
    expect(again.picked).toBeUndefined();
    expect(again.shown).toMatch(/Enter with nothing typed picks nothing after a miss/);
    expect((await typeInto(['zzz', '\r', '\r', '2', '\r'])).picked).toBe('o2');
    expect((await typeInto(['zzz', '\r', '\x1b[B', '\r'])).picked).toBe('o2');
  });

  test('Escape clears the filter; Tab does nothing', async () => {
    expect((await typeInto(['zzz', '\x1b', 'pass', '\r'])).picked).toBe('o3');
    // Escape and a key right after it come as one Alt+key: the filter is cleared and the key kept.
    expect((await typeInto(['zzz', '\x1bp', 'ass', '\r'])).picked).toBe('o3');
    expect((await typeInto(['mov', '\x1b2', '\r'])).picked).toBe('o2');
    // Tab is not typed into the filter: one Backspace takes away the "z" before it.
    expect((await typeInto(['z', '\t', '\x7f', 'pass', '\r'])).picked).toBe('o3');
  });
});
