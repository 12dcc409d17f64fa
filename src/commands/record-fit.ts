/**
 * Whether a record is a record of the game it names: a record whose "game" field was changed to
 * another game (an Irish Freedom record relabelled english-civil-war) was refused only at its first
 * choice, as an illegal choice, or at a side or option of the other game. Here it is refused at once,
 * saying plainly that it does not look like a record of that game, why, and which game it looks like.
 * Read-only: nothing is written, the file stays as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IllegalChoice, type AnyGameModule } from '../engine/module.js';
import { clip, quote } from '../engine/quote.js';
import { checkRecordPlayers, RecordError, type GameRecord } from '../engine/record.js';
import { hashText, RULES_DIR } from '../engine/rules.js';
import { Session } from '../engine/runner.js';
import { GAMES } from '../games/index.js';

/** The hash of a game's printed rules file (rules/<name>.json), as records carry it; undefined when it cannot be read. */
function printedHash(rulesName: string): string | undefined {
  try {
    return hashText(readFileSync(join(RULES_DIR, `${rulesName}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether `record`'s first choice is one the game offers at its start (undefined: it could not be tried, e.g. dice still to come). */
function firstChoiceFits(mod: AnyGameModule, rules: unknown, rulesHash: string, record: GameRecord): boolean | undefined {
  if (!record.choices.length) return undefined;
  try {
    const s = Session.fromRecord(mod, rules, { ...record, choices: [] }, { keepLog: false, rulesHash, unstarted: true });
    if (!s.started || !s.decision()) return undefined;
    s.choose(record.choices[0]);
    return true;
  } catch (e) {
    // Anything else (dice that ran out, a bad start) is the replay's to report, as before.
    return e instanceof IllegalChoice ? false : undefined;
  }
}

/**
 * Checks that `record` looks like a record of `mod` (its rules hash, players, options and first
 * choice), then its players' bots (checkRecordPlayers). Throws RecordError (exit 2) naming what does
 * not fit and the game it looks like, if one does.
 */
export function checkRecordFits(mod: AnyGameModule, rules: unknown, rulesHash: string, record: GameRecord, path: string): void {
  const signs: string[] = [];
  const others = GAMES.map((g) => g.meta).filter((m) => m.id !== mod.id);
  const byHash = record.rulesHash !== rulesHash ? others.find((m) => printedHash(m.rulesName) === record.rulesHash) : undefined;
  if (byHash) signs.push(`its rules hash is that of ${byHash.id}'s printed rules (rules/${byHash.rulesName}.json)`);
  const sides = Object.keys(record.players ?? {});
  const strange = sides.filter((s) => !mod.sides.includes(s));
  if (strange.length)
    signs.push(
      `"players" names ${strange.length === 1 ? 'side' : 'sides'} ${strange.map((s) => quote(s)).join(', ')}, which ${mod.id} does not have (sides: ${mod.sides.join(', ')})`,
    );
  const keys = Object.keys(record.options);
  const known = (m: { optionsSpec: { key: string }[] }, k: string) => m.optionsSpec.some((o) => o.key === k);
  const alien = keys.filter((k) => !known(mod, k));
  if (alien.length) {
    const named = alien.slice(0, 3).map((k) => quote(k));
    if (alien.length > 3) named.push(`${alien.length - 3} more`);
    signs.push(
      `"options" names ${alien.length === 1 ? 'option' : 'options'} ${named.join(', ')}, which ${mod.id} does not have (options: ${mod.optionsSpec.map((o) => o.key).join(', ') || 'none'})`,
    );
  }
  if (!signs.length && firstChoiceFits(mod, rules, rulesHash, record) === false) {
    signs.push(`its first choice ${quote(record.choices[0])} is not one ${mod.id} offers at the start`);
    if (record.rulesHash !== rulesHash) signs.push(`it was played with other rules data (${record.rulesHash.slice(0, 19)}...)`);
  }
  if (signs.length) {
    // The game it looks like: the one whose printed rules it carries, else the only one whose sides and options it names.
    const fits = others.filter(
      (m) => (sides.length || keys.length) && sides.every((s) => m.sides.includes(s)) && keys.every((k) => known(m, k)),
    );
    const like = byHash ?? (fits.length === 1 ? fits[0] : undefined);
    throw new RecordError(
      `${clip(path)} does not look like a record of ${mod.id}: ${signs.join('; ')}. ` +
        (like
          ? `It looks like a record of ${like.id}: was its "game" field changed from ${quote(like.id)} to ${quote(record.game)}?`
          : 'Was its "game" field, seed, options or rules changed?') +
        ' The file was left as it is',
    );
  }
  checkRecordPlayers(mod, record, path);
}

/**
 * What differs when a record is read with rules data other than the data it was played with: with
 * `--rules FILE`, that file is named (a newcomer's own edited file was called "the rules data", and
 * told to give --rules FILE, which they had given); without it, the game's own data.
 */
export function otherRulesNote(path: string, record: GameRecord, rulesFile: string | undefined): string {
  const data = rulesFile === undefined ? 'the rules data' : `the rules file ${clip(rulesFile)}`;
  return `${data} differs from the data ${clip(path)} was played with (${record.rulesHash.slice(0, 19)}...)`;
}

/**
 * The warning of a command that reads a record with other rules data and goes on (replay, odds), on
 * stderr: `differ` says what may differ. Without --rules it reads as it always has.
 */
export function otherRulesWarning(
  path: string,
  record: GameRecord,
  rulesHash: string,
  rulesFile: string | undefined,
  differ: string,
): string {
  const was = record.rulesHash.slice(0, 19);
  const now = rulesHash.slice(0, 19);
  if (rulesFile === undefined)
    return (
      `muster: warning: the rules data differs from the recorded one (${clip(path)} was played with ${was}..., this data is ${now}...): ` +
      `${differ} (give the original data with --rules FILE)`
    );
  return (
    `muster: warning: the rules file ${clip(rulesFile)} differs from the data ${clip(path)} was played with ` +
    `(${was}..., ${clip(rulesFile)} is ${now}...): ${differ} (give --rules with the file it was played with)`
  );
}
