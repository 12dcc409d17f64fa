/**
 * Golden records: fixed seeds with fixed choices whose final state and result are committed.
 * Each `tests/golden/<game>/*.json` is a Muster record; the test replays it and demands the same
 * result and the same final-state hash. A change that alters any of them changes the game: if it is
 * meant, regenerate the record with the command in tests/golden/README.md and say so in the commit.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRecord, stateHash } from '../../src/engine/record.js';
import { loadRules } from '../../src/engine/rules.js';
import { Session } from '../../src/engine/runner.js';
import { findGame } from '../../src/games/index.js';

const ROOT = join(process.cwd(), 'tests', 'golden');
const games = readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe.each(games)('golden records of %s', (game) => {
  const dir = join(ROOT, game);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

  test('there are golden records', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  test.each(files)('%s replays to its recorded result and final state', async (file) => {
    const entry = findGame(game);
    expect(entry).toBeDefined();
    const mod = await entry!.load();
    const { rules, hash } = await loadRules(mod);
    const record = readRecord(join(dir, file));
    expect(record.result?.finished).toBe(true);
    expect({ file, rulesHash: hash }).toEqual({ file, rulesHash: record.rulesHash });
    const s = Session.fromRecord(mod, rules, record, { keepLog: false });
    expect(s.decision()).toBeNull();
    expect(s.result()).toEqual(record.result);
    expect(stateHash(s.state)).toBe(record.stateHash);
  });
});
