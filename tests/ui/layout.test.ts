/** The decision screen's layout (src/ui/layout.ts) and the pager without a terminal. */
import { describe, expect, test, jest } from '@jest/globals';
import { composeScreen, fitStatus, growList, listRows, pageLines, planScreen } from '../../src/ui/layout.js';
import { filterMenu, fitLines, menu, menuRows, printable } from '../../src/ui/prompts.js';
import { PassThrough } from 'node:stream';
import { promptLines } from '../../src/ui/screen.js';
import { stripAnsi } from '../../src/ui/colour.js';
import { wrapWords } from '../../src/ui/text.js';
import { carriedKey, handOverLine, pagerMessage, Screen } from '../../src/ui/screen.js';
import { GAMES } from '../../src/games/index.js';

describe('the rows of a screen are shared so that nothing scrolls away', () => {
  test.each([
    [24, 22],
    [45, 22],
    [24, 3],
    [60, 40],
  ])('%i rows, %i menu items: status + board + events + prompt fit', (height, items) => {
    const plan = planScreen(height, 2, items, 30);
    expect(plan.pageSize).toBe(listRows(height, items));
    expect(1 + plan.boardRows + menuRows(2, plan.pageSize)).toBeLessThanOrEqual(height);
    const board = Array.from({ length: plan.boardRows }, (_, i) => `board ${i}`);
    const events = Array.from({ length: 30 }, (_, i) => `event ${i}`);
    const c = composeScreen({
      width: 80,
      height,
      status: 'status',
      board,
      events,
      promptRows: menuRows(2, plan.pageSize),
      boardName: 'map',
    });
    expect(c.lines.length + menuRows(2, plan.pageSize)).toBeLessThanOrEqual(height);
    // The end of the events is on the screen; what comes before it was paged, nothing lost.
    const shown = c.lines.filter((l) => l.startsWith('event'));
    expect(shown.at(-1)).toBe('event 29');
    // (the last page is filled up with lines that the screen shows again)
    const paged = c.pages.flat();
    expect([...new Set([...paged, ...shown])]).toEqual(events);
  });

  test('a board taller than its rows is cut, saying how to see all of it; lines are cut to the width', () => {
    const c = composeScreen({
      width: 80,
      height: 24,
      status: 's'.repeat(100),
      board: Array(40).fill('x'.repeat(90)),
      events: [],
      promptRows: 8,
      boardName: 'map',
    });
    expect(c.lines.length).toBeLessThanOrEqual(16);
    expect(c.lines.at(-1)).toMatch(/Show map/);
    for (const l of c.lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  test('the events\' end on the screen starts with a whole event, never the tail of a wrapped one; an event longer than the rows starts "..."', () => {
    const long = (n: number) => Array.from({ length: 30 }, (_, i) => `w${n}-${i}`).join(' ');
    // 24 rows, a 10-line prompt, a 6-line board: 7 rows of events, the first saying what was paged.
    const events = ['e1', 'e2', long(3), long(4), long(5), 'e6'];
    expect(events.map((e) => wrapWords(e, 60).length)).toEqual([1, 1, 3, 3, 3, 1]);
    const opts = { width: 60, height: 24, status: 's', board: Array(6).fill('b'), promptRows: 10, boardName: 'map' };
    const c = composeScreen({ ...opts, events });
    const shown = c.lines.slice(7);
    expect(shown[0]).toMatch(/earlier lines were shown/);
    // Each event's wrapped lines, shown whole: the first line after the note starts an event.
    const starts = events.map((e) => wrapWords(e, 60)[0]);
    expect(starts).toContain(shown[1]);
    // (6 rows: the last two events, 4 lines; the line before them ends a wrapped event, left to the pages)
    expect(shown.slice(1).join(' ')).toBe([long(5), 'e6'].join(' '));
    // Nothing lost: the pages and the screen hold every line.
    const all = events.flatMap((e) => wrapWords(e, 60));
    expect([...new Set([...c.pages.flat(), ...shown.slice(1)])]).toEqual(all);
    // One event longer than the rows: its end, the cut marked.
    const huge = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const h = composeScreen({ ...opts, events: ['e1', huge] }).lines.slice(7);
    expect(h.length).toBeGreaterThan(1);
    expect(h[1]).toMatch(/^\.\.\. /);
    expect(h.at(-1)).toBe(wrapWords(huge, 60).at(-1));
    for (const l of h) expect(l.length).toBeLessThanOrEqual(60);
  });

  test('events that fit are not paged', () => {
    const c = composeScreen({ width: 80, height: 45, status: 's', board: ['b'], events: ['e1', 'e2'], promptRows: 10, boardName: 'map' });
    expect(c.pages).toEqual([]);
    expect(c.lines).toEqual(['s', 'b', 'e1', 'e2']);
    expect(pageLines(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    // A table's closing border never starts a page alone: its last row goes over with it (a newcomer
    // saw a page holding only "+----+").
    const t = ['text', '+--+', '| 1|', '+--+', '| 2|', '+--+', 'after'];
    expect(pageLines(t, 5)).toEqual([
      ['text', '+--+', '| 1|', '+--+'],
      ['| 2|', '+--+', 'after'],
    ]);
    expect(pageLines(t.slice(0, 6), 5)).toEqual([
      ['text', '+--+', '| 1|', '+--+'],
      ['| 2|', '+--+'],
    ]);
    // A border in the middle of a table (more rows after it) may start a page.
    expect(pageLines(['x', '| 1|', '+--+', '| 2|'], 2)).toEqual([
      ['x', '| 1|'],
      ['+--+', '| 2|'],
    ]);
  });
});

test('typing filters the menu: a number keeps that option alone, words the options that start with them first', () => {
  const options = ['Recruit in Dublin', 'Recruit in Kerry', 'Move u5'].map((n, i) => ({
    name: `${i + 1}. ${n}`,
    value: `v${i + 1}`,
    number: i + 1,
  }));
  const extras = [{ name: 'Show map', value: '@map' }];
  expect(filterMenu(options, extras, '2').map((o) => o.value)).toEqual(['v2']);
  expect(filterMenu(options, extras, '9')).toEqual([]);
  expect(filterMenu(options, extras, 'recruit in k').map((o) => o.value)).toEqual(['v2']);
  expect(filterMenu(options, extras, 'u5').map((o) => o.value)).toEqual(['v3']);
  expect(filterMenu(options, extras, 'map').map((o) => o.value)).toEqual(['@map']);
});

test('a number no option has is text: a hex id shown in a label finds its option; the whole label is matched as well as the words shown (a newcomer typed 0305)', () => {
  // As the human decider lists them: the words all options start with said once above, "..." on each line.
  const options = ['0304 (bog)', '0305 (clear)'].map((rest, i) => ({
    name: `${i + 1}. ...${rest}`,
    value: `land ${rest.slice(0, 4)}`,
    number: i + 1,
    full: `${i + 1}. Disembark everyone at ${rest}`,
  }));
  expect(filterMenu(options, [], '0305').map((o) => o.value)).toEqual(['land 0305']);
  expect(filterMenu(options, [], 'Disembark everyone at 0305').map((o) => o.value)).toEqual(['land 0305']);
  expect(filterMenu(options, [], '2').map((o) => o.value)).toEqual(['land 0305']);
  expect(filterMenu(options, [], '7')).toEqual([]);
});

test('typed text found inside several options ranks the option naming it first: "0705" picks "To 0705", not "To 0704 ... by 0705" listed before it (a newcomer moved to 0704 so)', () => {
  const options = [
    { name: '1. To 0704, 4 hexes by 0506 0606 0705', value: 'to 0704', number: 1 },
    { name: '2. To 0705, 3 hexes by 0506 0606', value: 'to 0705', number: 2 },
    { name: '3. To 0606, 2 hexes by 0506', value: 'to 0606', number: 3 },
  ];
  expect(filterMenu(options, [], '0705').map((o) => o.value)).toEqual(['to 0705', 'to 0704']);
  // Found at the same depth in the words shown and in no id: the list's order
  expect(filterMenu(options, [], '0506').map((o) => o.value)).toEqual(['to 0704', 'to 0705', 'to 0606']);
  // Words shown earlier rank first, ids aside
  expect(filterMenu(options, [], 'hexes by 0506').map((o) => o.value)).toEqual(['to 0704', 'to 0705', 'to 0606']);
  expect(filterMenu(options, [], '0606').map((o) => o.value)).toEqual(['to 0606', 'to 0704', 'to 0705']);
});

test('a question keeps up to five lines whole (a movement question lost its last line, "pick the cell ... type a cell", at three); a longer one ends in "..."', () => {
  const four =
    'Flying Column: where does the Flying Column section go? 10 figures move (March Move, at least 150 mm, up to 200 mm); a7 rifle up to 150 mm, a8 rifle up to 150 mm, a9 rifle up to 150 mm, a10 rifle up to 150 mm; pick the cell for a1 at E20 (type a cell like E20), the rest keep formation.';
  const lines = promptLines(four, 74);
  expect(lines.length).toBe(4);
  expect(lines.join(' ')).toBe(four);
  const long = promptLines(`${four} ${four}`, 74);
  expect(long.length).toBe(5);
  expect(long[4]).toMatch(/ \.\.\.$/);
  for (const l of long) expect(l.length).toBeLessThanOrEqual(74);
});

test('text kept to a few lines wraps at spaces and ends in "..." where it is cut, never dropping a line without the mark', () => {
  const short = 'Play Divine Right: Muster Phase event: roll one more D6 of Regiments.';
  expect(fitLines(short, 80, 2)).toEqual([short]);
  const long = `${short} `.repeat(4).trim();
  const two = fitLines(long, 80, 2);
  expect(two).toHaveLength(2);
  expect(two[0]).toBe(wrapWords(long, 80)[0]);
  expect(two[1]).toMatch(/\.\.\.$/);
  for (const l of two) expect(l.length).toBeLessThanOrEqual(80);
  // Short lines of their own: the last line kept takes all the rest (the fourth was lost, unmarked).
  expect(fitLines('first\nsecond\nthird\nfourth', 80, 2)).toEqual(['first', 'second third fourth']);
});

/** What the menu draws at first for these options, 80 columns wide, colours and cursor codes aside. */
async function drawnMenu(options: { name: string; full: string }[]): Promise<string[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let drawn = '';
  output.on('data', (b) => (drawn += b));
  const items = options.map((o, i) => ({ ...o, value: `o${i}`, number: i + 1, description: `id: o${i}` }));
  const stop = new AbortController();
  const answer = menu(
    { message: 'Question?', options: items, extras: [], pageSize: 5, width: 80, ctx: { color: false } },
    { input, output, signal: stop.signal },
  );
  await new Promise((done) => setTimeout(done, 50));
  stop.abort();
  await answer.catch(() => undefined);
  // The first frame: up to the cursor's return to the question line.
  const frame = stripAnsi(drawn.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d*[ABCDGJK]`, 'g'), '\n'))
    .split('\n')
    .filter((l) => l.trim());
  return frame.slice(0, 1 + options.length + 2);
}

test('the focused option\'s whole text, under the list, keeps to its two lines: wrapped, and ending in "..." when longer', async () => {
  const long = 'Attack with the rest of 0305 and 0406: ' + Array.from({ length: 12 }, (_, i) => `Regiment number ${i + 1}`).join(', ');
  const lines = await drawnMenu([
    { name: ` 1. ${long}`, full: `1. ${long}` },
    { name: ' 2. Call off', full: '2. Call off' },
  ]);
  expect(lines).toHaveLength(1 + 2 + 2);
  expect(lines[3]).toBe(fitLines(`1. ${long}`, 80, 2)[0]);
  expect(lines[4]).toMatch(/\.\.\.$/);
  for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  // Lines of their own: none is dropped without the mark.
  const parts = await drawnMenu([{ name: ` 1. ${'x'.repeat(90)}`, full: `1. ${'x'.repeat(70)}\nsecond\nthird\nfourth` }]);
  expect(parts.slice(-2)).toEqual([`1. ${'x'.repeat(70)}`, 'second third fourth']);
});

test('without a terminal the pager prints everything and never waits for a key', async () => {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const read = jest.spyOn(process.stdin, 'read');
  try {
    const screen = new Screen({} as never, { color: false }, false, false, 0);
    await screen.page(Array.from({ length: 500 }, (_, i) => `line ${i}`));
    expect(write.mock.calls.map((c) => String(c[0])).join('')).toMatch(/line 0\n[^]*line 499/);
    expect(read).not.toHaveBeenCalled();
  } finally {
    write.mockRestore();
    read.mockRestore();
  }
});

describe('the status line drops whole parts, never cutting one short', () => {
  const full = 'Turn 2/8 B French movement | VP French 2, English 9 | stratagem F used E free';
  test("a module that cuts its line mid-word: the cut part is dropped (Irlande's status at 80 columns)", () => {
    expect(fitStatus(full.slice(0, 60), full, 60)).toBe('Turn 2/8 B French movement | VP French 2, English 9');
  });
  test("a module's own fit of whole parts is kept; a line that fits is left as it is", () => {
    expect(fitStatus('Turn 1 | phase | Territory P 3 - R 2', 'Turn 1 | phase | Territory P 3 - R 2 | Regiments P 1 - R 1', 40)).toBe(
      'Turn 1 | phase | Territory P 3 - R 2',
    );
    expect(fitStatus(full, full, 80)).toBe(full);
  });
  test("a module's own shorter words are kept when they fit (a newcomer at 80 columns lost a side's figures to the fallback)", () => {
    const sa = 'Turn 5/10 | Place order cards | British 6 up 4 down | German 7 up 3 down';
    expect(fitStatus('Turn 5/10 | Orders | British 6 up 4 down | German 7 up 3 down', sa, 63)).toBe(
      'Turn 5/10 | Orders | British 6 up 4 down | German 7 up 3 down',
    );
    // A part ending at a word of the full one ("British 6 up" of "British 6 up 4 down") is whole words too.
    expect(fitStatus('Turn 5/10 | Orders | British 6 up | German 7 up', sa, 50)).toBe('Turn 5/10 | Orders | British 6 up | German 7 up');
    const irl = 'Turn 7/8 C French combat | VP French 0, English 11 | stratagem F free E free';
    expect(fitStatus('T7/8 C French combat | VP F0 E11 | stratagem F free E free', irl, 61)).toBe(
      'T7/8 C French combat | VP F0 E11 | stratagem F free E free',
    );
    // Still too wide: the fallback.
    expect(fitStatus('Turn 5/10 | Orders | British 6 up 4 down | German 7 up 3 down', sa, 40)).toBe('Turn 5/10 | Place order cards');
  });
  test('even the first part too wide: it is cut with a mark', () => {
    expect(fitStatus(full, full, 10)).toBe('Turn 2/...');
  });
});

test('text wrapped at spaces keeps its indentation, also behind colour codes; a line that fits is unchanged', () => {
  const coloured = '\u001b[35m  roll D6 = 6  (Combat at 0307: the attacker rolls a die for the combat)\u001b[39m';
  const lines = wrapWords(coloured, 40);
  expect(lines.length).toBeGreaterThan(1);
  for (const l of lines) {
    expect(stripAnsi(l)).toMatch(/^ {2}\S/);
    expect(stripAnsi(l).length).toBeLessThanOrEqual(40);
  }
  expect(wrapWords('  short  ', 40)).toEqual(['  short  ']);
  // A note on the decision screen is wrapped, never cut with a mark.
  const c = composeScreen({
    width: 80,
    height: 24,
    status: 's',
    board: ['b'],
    events: ['Move Green Guerrilla u12 (The West 1-2 Bogland) to The West 3-4 Townland: nothing to choose here.'],
    promptRows: 8,
    boardName: 'map',
  });
  expect(c.lines.slice(2).join(' ')).toBe(
    'Move Green Guerrilla u12 (The West 1-2 Bogland) to The West 3-4 Townland: nothing to choose here.',
  );
});

test("the pager's own keys are never carried into the menu's filter: q, and b even on a single page (a newcomer's b filtered the options)", () => {
  expect(carriedKey('b')).toBe('');
  expect(carriedKey('q')).toBe('');
  expect(carriedKey('3')).toBe('3');
  expect(carriedKey('B')).toBe('B');
  expect(carriedKey('return')).toBe('');
});

test('a key is printable (carried from the pager into the menu) when it is one visible character', () => {
  expect(['6', 'a', 'B', '.'].every(printable)).toBe(true);
  expect([' ', 'return', '\r', '\u001b', 'up', ''].some(printable)).toBe(false);
});

test('a hot-seat hand-over fits the pager\'s line at 80 columns with both sides\' names whole, in every game and on any page (a newcomer saw "hand the keyboard to Parli...")', () => {
  for (const game of GAMES)
    for (const left of game.meta.sides)
      for (const side of game.meta.sides) {
        if (left === side) continue;
        for (const n of [1, 2, 9, 12, 99]) {
          const line = pagerMessage(n - 1, n, handOverLine(left, side), 80);
          expect(line.length).toBeLessThanOrEqual(80);
          expect(line).toContain(handOverLine(left, side));
          if (n > 1) expect(line).toContain('b back');
        }
      }
  // Room to spare: the page said in full, as before.
  expect(pagerMessage(1, 2, 'press a key', 80)).toBe('- page 2 of 2, b back: press a key -');
  expect(pagerMessage(0, 2, 'press a key', 80)).toBe('- page 1 of 2: a key for more, q to stop -');
});

test('rows the board and the events leave unused go to the list, up to its items, one row kept free (a newcomer saw "1-5 of 9 lines" above five empty rows)', () => {
  // 24 rows, a two-line question, a list of 5: the prompt takes 2 + 5 + 2 = 9 rows, the screen above 14 at most.
  expect(growList(24, 2, 5, 14, 9)).toBe(5);
  expect(growList(24, 2, 5, 9, 9)).toBe(9);
  expect(growList(24, 2, 5, 9, 12)).toBe(10);
  // Never more than the items, never fewer than the plan's.
  expect(growList(24, 2, 5, 2, 7)).toBe(7);
  expect(growList(24, 2, 5, 20, 9)).toBe(5);
  // Every row used: the screen above, the prompt and the free row make the height.
  const size = growList(24, 2, 5, 9, 30);
  expect(9 + menuRows(2, size) + 1).toBe(24);
});
