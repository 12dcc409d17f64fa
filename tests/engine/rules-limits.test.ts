/**
 * Counts and sizes in the rules data have a maximum in their schema (rules/<game>.schema.json): a
 * huge value (actions per turn, turns, dice, ranges of dice, hand and stack sizes) would drive a loop or
 * a count for minutes (`actions.independence` 1000000000 made `simulate` look hung). The bound is
 * generous, about ten times the published value, and the refusal names the field and the bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRules, RULES_DIR } from '../../src/engine/rules.js';
import { moduleOf, problemsAfterEdit } from './rules-edit.js';

/** Sets the value at a JSON pointer (`/a/0/b`) of parsed data. */
function setAt(data: unknown, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  let at = data as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
}

/** The problems loading `game`'s rules data with one value changed (none when it loads). */
function problemsWith(game: string, pointer: string, value: unknown): Promise<string[]> {
  return problemsAfterEdit(game, `${pointer.replace(/\//g, '_')}-${value}`, (raw) => setAt(raw, pointer, value));
}

test.each(['irish-freedom', 'english-civil-war', 'irlande-1798', 'small-action'])('the published rules data of %s loads', async (game) => {
  await expect(loadRules(await moduleOf(game))).resolves.toBeDefined();
});

/** [game, JSON pointer, published value, maximum]: each field that drives a loop or a count. */
const BOUNDED: [string, string, number, number][] = [
  ['irish-freedom', '/actions/independence', 2, 30],
  ['irish-freedom', '/actions/civil', 3, 30],
  ['irish-freedom', '/combatResults/0/eliminated', 2, 20],
  ['english-civil-war', '/setup/regiments', 10, 100],
  ['english-civil-war', '/muster/baseDice', 4, 40],
  ['english-civil-war', '/muster/alliedDice/scots', 1, 40],
  ['english-civil-war', '/skirmish/lossDice', 1, 40],
  ['english-civil-war', '/casualties/loserDice', 3, 40],
  ['english-civil-war', '/loss/lossDice', 1, 40],
  ['english-civil-war', '/capitulation/siege', 2, 20],
  ['english-civil-war', '/support/multiplier/Parliament', 3, 30],
  ['irlande-1798', '/turns/count', 8, 99],
  ['irlande-1798', '/stacking/limit', 5, 50],
  ['irlande-1798', '/rout/infantry', 3, 40],
  ['irlande-1798', '/recruitment/counterMax', 3, 30],
  ['irlande-1798', '/recruitment/table/4/points', 4, 40],
  ['irlande-1798', '/crt/maxDie', 7, 99],
  ['small-action', '/closeCombat/die', 20, 200],
  ['irish-freedom', '/britishMorale/perRegion', 1, 10],
  ['irish-freedom', '/treatyPoints/0/points', 4, 50],
  ['english-civil-war', '/cards/0/score', 6, 100],
  ['english-civil-war', '/cards/0/copies', 1, 40],
  ['irlande-1798', '/units/0/full', 2, 50],
  ['small-action', '/grid/cellSize', 50, 500],
  ['small-action', '/scenarios/0/table/width', 1800, 10000],
  ['small-action', '/dangerToLeaders/die', 10, 100],
];

describe.each(BOUNDED)('%s %s (published %d) has the maximum %d', (game, pointer, published, max) => {
  test('a huge value is refused at once, naming the field and the bound', async () => {
    const started = Date.now();
    expect(await problemsWith(game, pointer, 1_000_000_000)).toContain(`${pointer} must be <= ${max}`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
  test('the bound is at least ten times the published value, or a round number above it', () => {
    expect(max).toBeGreaterThanOrEqual(Math.min(10 * published, 99));
  });
});

test('a card effect that rolls or draws a huge number is refused (English Civil War)', async () => {
  const rules = JSON.parse(readFileSync(join(RULES_DIR, 'english-civil-war.json'), 'utf8'));
  const invade = rules.cards.findIndex((c: { effect: { extraDraws?: number } }) => c.effect.extraDraws);
  expect(await problemsWith('english-civil-war', `/cards/${invade}/effect/extraDraws`, 1e9)).toContain(
    `/cards/${invade}/effect/extraDraws must be <= 30`,
  );
});

test.each([
  ['irish-freedom', '/britishMorale/perRegion'],
  ['english-civil-war', '/cards/0/score'],
  ['irlande-1798', '/turns/count'],
  ['small-action', '/grid/cellSize'],
])('%s: a number past 2^53 at %s is refused, the field named (JSON.parse would round it)', async (game, pointer) => {
  for (const huge of [2 ** 60, 1e308])
    expect(await problemsWith(game, pointer, huge)).toEqual([
      `${pointer} is past 2^53 - 1 (9007199254740991) in size: a number that large is not read exactly`,
    ]);
});

/** The JSON paths, in `schema`, of number fields with no upper bound. */
function unbounded(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((x, i) => unbounded(x, `${path}/${i}`));
  if (!schema || typeof schema !== 'object') return [];
  const o = schema as Record<string, unknown>;
  const types = [o.type].flat();
  const open = (types.includes('integer') || types.includes('number')) && o.maximum === undefined && o.exclusiveMaximum === undefined;
  return [...(open ? [path] : []), ...Object.entries(o).flatMap(([k, v]) => unbounded(v, `${path}/${k}`))];
}

test.each(['irish-freedom', 'english-civil-war', 'irlande-1798', 'small-action'])(
  '%s: every number of the rules schema has a maximum (a huge value is no game)',
  (game) => {
    expect(unbounded(JSON.parse(readFileSync(join(RULES_DIR, `${game}.schema.json`), 'utf8')))).toEqual([]);
  },
);
