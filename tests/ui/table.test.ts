/**
 * Tables fitted to the width wrap their cells at spaces: a word is broken only when no narrowing of
 * the columns at word boundaries makes the table fit.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { irishFreedom } from '../../src/games/irish-freedom/index.js';
import { fitTable, logTable } from '../../src/ui/table.js';

/** The words of a table's cells (borders and padding removed), in reading order per line. */
const cellWords = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .flatMap((l) => l.split('|').flatMap((c) => c.trim().split(/\s+/)))
    .filter(Boolean);

describe('fitTable', () => {
  test('narrows columns to their longest word before breaking any word (the Counters table at 80 columns)', () => {
    // The Irish Freedom counters table at 80 columns cut "reconstruction:" and "blue/green/red".
    const rules = irishFreedom.loadRules(JSON.parse(readFileSync(join(resolve('rules'), 'irish-freedom.json'), 'utf8')));
    const out = irishFreedom.renderRules(rules, 'counters', { color: false, width: 80 });
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const words = cellWords(out);
    expect(words).toContain('reconstruction:');
    expect(words).toContain('blue/green/red');
    expect(words).toContain('orange/green/blue');
    expect(words).not.toContain('reconstructio');
  });

  test('keeps a long single-word cell whole when another column can give way', () => {
    const rows = [
      ['order:fire-and-movement', '17.4', '34.8', 'lane-ambush: 100.0%'],
      ['order:suppressive-fire', '0', '13', ''],
    ];
    const out = fitTable(['detail', 'min', 'median', 'other values (share of games)'], rows, { color: false, width: 60 });
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(cellWords(out)).toEqual(expect.arrayContaining(['order:fire-and-movement', 'order:suppressive-fire']));
  });

  test('breaks a word only as a last resort, and still fits the width', () => {
    const out = fitTable(['a', 'b'], [['x'.repeat(50), 'y'.repeat(50)]], { color: false, width: 40 });
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(out.replace(/[^x]/g, '')).toHaveLength(50);
  });
});

test("fitTable keeps a cell's own line breaks when it wraps it (a value over its interval)", () => {
  const out = fitTable(['f', 'A'], [['x', '11.35\n10.34 to 12.36']], { color: false, width: 20 });
  const cells = out
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .map((l) => l.split('|')[2].trim());
  expect(cells[1]).toBe('11.35');
});

describe('logTable', () => {
  test("a table's key (note) is written under it, wrapped to the width with its later lines indented", () => {
    const entry = {
      kind: 'table' as const,
      title: 'Volley',
      head: ['Firer', 'Why'],
      rows: [['a1', 'still']],
      note: 'still: it stands still in the open, on the Combat column (our reading); said once for the whole table.',
    };
    const lines = logTable(entry, { color: false, width: 40 }).split('\n');
    const under = lines.slice(lines.lastIndexOf(lines.filter((l) => l.startsWith('+')).at(-1)!) + 1);
    expect(under[0]).toBe('still: it stands still in the open, on');
    expect(under.slice(1).every((l) => l.startsWith('  ') && l.length <= 40)).toBe(true);
    expect(under.join(' ').replace(/ +/g, ' ')).toBe(entry.note);
    expect(
      logTable({ ...entry, note: undefined }, { color: false, width: 40 })
        .split('\n')
        .at(-1),
    ).toMatch(/^\+-/);
  });
});
