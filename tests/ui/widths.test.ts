/**
 * A line never wraps (architecture.md, "The screen"): every screen of whole bot games, drawn at 80
 * and 120 columns, with and without a height (the rows an 80x24 and a 120x45 terminal leave the
 * board), with the previous view marked, its status line and every log entry, fits the width.
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnyGameModule } from '../../src/engine/module.js';
import { Session } from '../../src/engine/runner.js';
import { englishCivilWar } from '../../src/games/english-civil-war/index.js';
import { irishFreedom } from '../../src/games/irish-freedom/index.js';
import { stripAnsi } from '../../src/ui/colour.js';
import { planScreen } from '../../src/ui/layout.js';
import { renderLogLine } from '../../src/ui/log.js';

const RULES = resolve('rules');
const load = (mod: AnyGameModule) => mod.loadRules(JSON.parse(readFileSync(join(RULES, `${mod.rulesName}.json`), 'utf8')));

/** The sizes tried: width, and the rows the board gets at a terminal of that size (none: a transcript). */
const SIZES: { width: number; rows?: number }[] = [
  { width: 80 },
  { width: 120 },
  { width: 80, rows: planScreen(24, 1, 22, 20).boardRows },
  { width: 120, rows: planScreen(45, 1, 22, 20).boardRows },
];

/** Lines of `text` wider than `width`, with their width, for a readable failure. */
function tooWide(text: string, width: number): string[] {
  return stripAnsi(text)
    .split('\n')
    .filter((l) => l.length > width)
    .map((l) => `${l.length}: ${l}`);
}

function playAndCheck(mod: AnyGameModule, seed: string, options: Record<string, string>, color: boolean) {
  const rules = load(mod);
  const s = new Session(mod, rules, { seed, options, rulesHash: 'test' }).start();
  const before: Record<string, unknown> = {};
  const bad: string[] = [];
  const tall: string[] = [];
  let steps = 0;
  for (let d = s.decision(); d; d = s.decision()) {
    const previous = before[d.side] === undefined ? undefined : mod.view(before[d.side], d.side, rules);
    for (const { width, rows } of SIZES) {
      const out = s.render(d.side, { color, width, height: rows, previous });
      bad.push(...tooWide(out, width).map((l) => `${mod.id} ${seed} decision ${steps + 1} at ${width}x${rows ?? '-'}: ${l}`));
      if (rows !== undefined && out.split('\n').length > rows)
        tall.push(`${mod.id} ${seed} decision ${steps + 1} at ${width}: ${out.split('\n').length} rows for ${rows}`);
      const status = mod.status!(s.view(d.side), width);
      bad.push(...tooWide(status, width).map((l) => `status at ${width}: ${l}`));
    }
    before[d.side] = structuredClone(s.state);
    s.choose(mod.bots.heuristic(s.view(d.side), d, () => 0.37));
    steps++;
  }
  for (const width of [80, 120]) {
    bad.push(...tooWide(s.render('all', { color, width }), width).map((l) => `final at ${width}: ${l}`));
    for (const l of s.log) bad.push(...tooWide(renderLogLine(l.entry, { color, width }), width).map((x) => `log at ${width}: ${x}`));
  }
  expect(bad.slice(0, 10)).toEqual([]);
  expect(tall.slice(0, 10)).toEqual([]);
  return steps;
}

describe('every screen of whole bot games fits 80 and 120 columns, and the rows it is given', () => {
  test.each([
    ['w-1', { war: 'campaign' }, false],
    ['w-2', { war: 'campaign', events: 'on' }, true],
    ['w-3', { war: 'civil' }, false],
  ])('Irish Freedom, seed %s %j', (seed, options, color) => {
    expect(playAndCheck(irishFreedom, seed, options as Record<string, string>, color)).toBeGreaterThan(10);
  });

  test.each([
    ['w-1', false],
    ['w-2', true],
  ])('English Civil War, seed %s', (seed, color) => {
    expect(playAndCheck(englishCivilWar, seed, { 'turn-limit': '25' }, color)).toBeGreaterThan(10);
  });
});
