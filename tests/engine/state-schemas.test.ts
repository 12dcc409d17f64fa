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
    const text = JSON.stringify(schema, null, 1) + '\n';
    const file = join(process.cwd(), 'rules', `${game}.state.schema.json`);
    if (process.env.UPDATE_SCHEMAS) writeFileSync(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
  },
  60_000,
);
