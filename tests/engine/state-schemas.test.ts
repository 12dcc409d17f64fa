/**
 * The JSON Schema of each game's state, generated from its TypeScript type (ts-json-schema-generator),
 * so `play --position` and `odds --position` check an edited state against the very type the game
 * uses: no second description to drift. Run `npm run schemas` after changing a state type.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const STATES = [
  { game: 'irish-freedom', path: 'src/games/irish-freedom/state.ts', type: 'IFState' },
  { game: 'english-civil-war', path: 'src/games/english-civil-war/state.ts', type: 'EcwState' },
  { game: 'small-action', path: 'src/games/small-action/types.ts', type: 'SaState' },
  { game: 'irlande-1798', path: 'src/games/irlande-1798/state.ts', type: 'IrlState' },
];

/**
 * The largest number a state may hold, either sign (2^31 - 1): far above any count a game reaches
 * (turns, regiments, points, strength, indices), and it keeps an edited position from carrying 1e300
 * or 1e15 into play, where arithmetic on it is no longer exact. A TypeScript `number` says nothing of
 * size, so the generator gives every number of the state this bound unless the type states its own.
 */
const STATE_NUMBER_BOUND = 2 ** 31 - 1;

/** Adds the bound to every number of a generated schema (in place): not to an enum or a constant. */
function boundNumbers(node: unknown): void {
  if (Array.isArray(node)) node.forEach(boundNumbers);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const types = Array.isArray(o.type) ? o.type : [o.type];
    if ((types.includes('number') || types.includes('integer')) && !('enum' in o) && !('const' in o)) {
      if (!('minimum' in o) && !('exclusiveMinimum' in o)) o.minimum = -STATE_NUMBER_BOUND;
      if (!('maximum' in o) && !('exclusiveMaximum' in o)) o.maximum = STATE_NUMBER_BOUND;
    }
    Object.values(o).forEach(boundNumbers);
  }
}

test.each(STATES)(
  'rules/$game.state.schema.json is the schema of $type',
  ({ game, path, type }) => {
    const schema = createGenerator({
      path: join(process.cwd(), path),
      tsconfig: join(process.cwd(), 'tsconfig.json'),
      type,
      topRef: false,
      skipTypeCheck: true,
    }).createSchema(type);
    boundNumbers(schema);
    const text = JSON.stringify(schema, null, 1) + '\n';
    const file = join(process.cwd(), 'rules', `${game}.state.schema.json`);
    if (process.env.UPDATE_SCHEMAS) writeFileSync(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
  },
  60_000,
);
