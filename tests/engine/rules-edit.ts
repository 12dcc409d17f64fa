/** Loading a game's rules data after an edit, for the tests of the rules schemas and cross-checks. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RulesDataError } from '../../src/engine/module.js';
import { loadRules, RULES_DIR } from '../../src/engine/rules.js';
import { findGame } from '../../src/games/index.js';

const dir = mkdtempSync(join(tmpdir(), 'muster-rules-edit-'));

/** The module of a game by its id. */
export async function moduleOf(game: string) {
  const entry = findGame(game);
  if (!entry) throw new Error(`no game ${game}`);
  return entry.load();
}

/**
 * The problems loading `game`'s rules data once `edit` has changed it (none when it loads): the edited
 * copy is written to a file named by `name`, and read through loadRules as `--rules FILE` is.
 */
export async function problemsAfterEdit(game: string, name: string, edit: (raw: Record<string, unknown>) => void): Promise<string[]> {
  const mod = await moduleOf(game);
  const raw = JSON.parse(readFileSync(join(RULES_DIR, `${mod.rulesName}.json`), 'utf8'));
  edit(raw);
  const file = join(dir, `${game}-${name}.json`);
  writeFileSync(file, JSON.stringify(raw));
  try {
    await loadRules(mod, file);
  } catch (e) {
    if (!(e instanceof RulesDataError)) throw e;
    return e.problems;
  }
  return [];
}
