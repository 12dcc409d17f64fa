/**
 * The rules schemas (rules/<game>.schema.json) refuse a key they do not know, at the top level as
 * nested (an unknown top-level key of Irish Freedom loaded without a word), naming the key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES_DIR } from '../../src/engine/rules.js';
import { problemsAfterEdit } from './rules-edit.js';

const GAMES = ['irish-freedom', 'english-civil-war', 'irlande-1798', 'small-action'];

/** The problems loading `game`'s rules data with `key` added to the object at `pointer` (none when it loads). */
function problemsWithKey(game: string, pointer: string, key: string): Promise<string[]> {
  return problemsAfterEdit(game, 'extra', (raw) => {
    let at = raw;
    for (const k of pointer.split('/').slice(1)) at = at[k] as Record<string, unknown>;
    at[key] = 1;
  });
}

test.each(GAMES)('%s: an unknown top-level key is refused, named', async (game) => {
  expect(await problemsWithKey(game, '', 'bogus')).toEqual(['/ has an unknown key "bogus"']);
});

test.each([
  ['irish-freedom', '/britishMorale'],
  ['irish-freedom', '/treatySetup'],
  ['irish-freedom', '/terrains/0'],
  ['english-civil-war', '/typeLetters'],
  ['irlande-1798', '/victory/french'],
  ['irlande-1798', '/recruitment/table/0'],
  ['irlande-1798', '/setup'],
])('%s: an unknown key in %s is refused, named', async (game, pointer) => {
  expect(await problemsWithKey(game, pointer, 'bogus')).toEqual([`${pointer} has an unknown key "bogus"`]);
});

/** The JSON paths, in `schema`, of object schemas that say nothing of keys they do not list. */
function openObjects(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((x, i) => openObjects(x, `${path}/${i}`));
  if (!schema || typeof schema !== 'object') return [];
  const o = schema as Record<string, unknown>;
  const open = (o.type === 'object' || 'properties' in o) && !('additionalProperties' in o) ? [path || '/'] : [];
  return [...open, ...Object.entries(o).flatMap(([k, v]) => openObjects(v, `${path}/${k}`))];
}

test.each(GAMES)('%s: every object of the rules schema says which keys it takes', (game) => {
  const schema = JSON.parse(readFileSync(join(RULES_DIR, `${game}.schema.json`), 'utf8'));
  expect(openObjects(schema)).toEqual([]);
});
