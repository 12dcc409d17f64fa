/**
 * The game record: one JSON format for the save file, the replay and the bug report
 * (architecture.md, "Game record").
 */
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { DiceMode } from './dice.js';
import type { AnyGameModule, Options, Outcome } from './module.js';
import { processAlive } from './pid.js';
import { clip, quote } from './quote.js';

/** The format tag written in every record; readers refuse others. */
export const RECORD_FORMAT = 'muster-record/1';

/** Who made a side's decisions: "human", "script", or "bot:<name>". */
export type PlayerKind = string;

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  /** Module id, e.g. "irish-freedom". */
  game: string;
  /** `sha256:` of the rules file the game was played with. */
  rulesHash: string;
  /** The seed string (seeded dice; kept for bots and derived draws in the other modes too). */
  seed: string;
  /** Every game option, defaults included. */
  options: Options;
  dice: DiceMode;
  /**
   * Every die result in order: present for scripted and prompted dice (seeded dice re-derive them).
   * In a seeded record (a fork given `--dice`): its first draws, the seed's draws going on after them.
   */
  rolls?: number[];
  /** Who played each side. */
  players?: Record<string, PlayerKind>;
  /** A game started from a position (`play --position`): the state it started from, instead of the set-up. */
  start?: unknown;
  /** The chosen option ids, in order. */
  choices: string[];
  /** Present when the game is over. */
  result?: Outcome;
  /** sha256 of the final state's JSON, present when the game is over (replay verifies it). */
  stateHash?: string;
}

/** A record file that cannot be used. */
export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordError';
  }
}

/** sha256 of a state's canonical JSON (states are plain data, so JSON.stringify is canonical for them). */
export function stateHash(state: unknown): string {
  return 'sha256:' + createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

/** A JSON value for a message: strings quoted, anything else as JSON, both cut (quote.ts). */
function shown(v: unknown): string {
  if (typeof v === 'string') return quote(v);
  if (v === undefined) return 'nothing';
  return clip(JSON.stringify(v) ?? String(v));
}

const HASH = /^sha256:[0-9a-f]{64}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a parsed value is a well-formed record: every field, its type and its form (the module
 * checks what needs the game: option values, sides, bots, choices). Throws RecordError naming the
 * first bad field and what it holds.
 */
export function checkRecord(raw: unknown, where: string): GameRecord {
  const bad = (what: string): never => {
    throw new RecordError(`${clip(where)} is not a Muster game record: ${what}`);
  };
  if (!isObject(raw)) bad('not a JSON object');
  const r = raw as Record<string, unknown>;
  if (r.format !== RECORD_FORMAT) bad(`"format" must be "${RECORD_FORMAT}", not ${shown(r.format)}`);
  const str = (k: string, form?: RegExp, formText?: string) => {
    if (r[k] === undefined) bad(`"${k}" is missing`);
    if (typeof r[k] !== 'string') bad(`"${k}" must be a string, not ${shown(r[k])}`);
    if (r[k] === '') bad(`"${k}" is empty`);
    if (form && !form.test(r[k] as string)) bad(`"${k}" must be ${formText}, not ${shown(r[k])}`);
  };
  str('game');
  str('rulesHash', HASH, '"sha256:" and 64 hexadecimal digits');
  str('seed');
  if (!isObject(r.options)) bad(`"options" must be an object of option names and values, not ${shown(r.options)}`);
  for (const [k, v] of Object.entries(r.options as object))
    if (typeof v !== 'string') bad(`"options".${quote(k)} must be a string, not ${shown(v)}`);
  if (r.dice !== 'seeded' && r.dice !== 'scripted' && r.dice !== 'prompted')
    bad(`"dice" must be "seeded", "scripted" or "prompted", not ${shown(r.dice)}`);
  if (r.rolls !== undefined) {
    if (!Array.isArray(r.rolls)) bad(`"rolls" must be a list of whole numbers from 1, not ${shown(r.rolls)}`);
    const i = (r.rolls as unknown[]).findIndex((x) => !Number.isSafeInteger(x) || (x as number) < 1);
    if (i >= 0) bad(`"rolls"[${i}] must be a whole number from 1, not ${shown((r.rolls as unknown[])[i])}`);
  }
  if (r.dice !== 'seeded' && r.rolls === undefined) bad(`a ${r.dice as string}-dice record needs "rolls"`);
  if (r.players !== undefined) {
    if (!isObject(r.players)) bad(`"players" must be an object of sides and who played them, not ${shown(r.players)}`);
    for (const [side, kind] of Object.entries(r.players as object)) {
      if (typeof kind !== 'string' || !(kind === 'human' || kind === 'script' || /^bot:[a-z0-9-]+$/.test(kind)))
        bad(`"players".${quote(side)} must be "human", "script" or "bot:<name>", not ${shown(kind)}`);
    }
  }
  if (!Array.isArray(r.choices)) bad(`"choices" must be a list of strings, not ${shown(r.choices)}`);
  const ci = (r.choices as unknown[]).findIndex((c) => typeof c !== 'string');
  if (ci >= 0) bad(`"choices"[${ci}] (choice ${ci + 1}) must be a string, not ${shown((r.choices as unknown[])[ci])}`);
  if ((r.result === undefined) !== (r.stateHash === undefined))
    bad(
      r.result === undefined
        ? '"stateHash" is given without "result" (a finished game has both)'
        : '"result" is given without "stateHash" (a finished game has both)',
    );
  if (r.stateHash !== undefined) str('stateHash', HASH, '"sha256:" and 64 hexadecimal digits');
  if (r.result !== undefined) checkOutcome(r.result, bad);
  if (r.start !== undefined && (typeof r.start !== 'object' || r.start === null || Array.isArray(r.start)))
    bad('"start" must be a state object');
  return r as unknown as GameRecord;
}

/** Checks a record's "result" (an Outcome of a finished game). */
function checkOutcome(v: unknown, bad: (what: string) => never): void {
  if (!isObject(v)) bad(`"result" must be an object, not ${shown(v)}`);
  const o = v as Record<string, unknown>;
  if (o.finished !== true)
    bad(`"result"."finished" must be true (a record carries a result only once the game is over), not ${shown(o.finished)}`);
  if (typeof o.summary !== 'string') bad(`"result"."summary" must be a string, not ${shown(o.summary)}`);
  if (o.winner !== undefined && o.winner !== null && typeof o.winner !== 'string')
    bad(`"result"."winner" must be a side or null, not ${shown(o.winner)}`);
  if (o.level !== undefined && typeof o.level !== 'string') bad(`"result"."level" must be a string, not ${shown(o.level)}`);
  for (const k of ['points', 'turns'])
    if (o[k] !== undefined && (typeof o[k] !== 'number' || !Number.isFinite(o[k])))
      bad(`"result".${quote(k)} must be a number, not ${shown(o[k])}`);
  if (o.details !== undefined) {
    if (!isObject(o.details)) bad(`"result"."details" must be an object, not ${shown(o.details)}`);
    for (const [k, x] of Object.entries(o.details as object)) {
      const ok = x === null || typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x));
      if (!ok) bad(`"result"."details".${quote(k)} must be a number, string, true/false or null, not ${shown(x)}`);
    }
  }
}

/** Text of a file as an editor may write it: a leading byte-order mark is dropped. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Reads and checks a record file. Throws RecordError (unreadable, not JSON, malformed). */
export function readRecord(path: string): GameRecord {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : clip((e as Error).message, 200);
    throw new RecordError(`cannot read ${clip(path)}: ${why}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(withoutBom(text));
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new RecordError(`${clip(path)} is not valid JSON (${clip(e.message, 120)}); the file was left as it is`);
  }
  return checkRecord(raw, path);
}

/** The temporary file a write of `path` goes through: `.<name>.<pid>.tmp` beside it. */
export function tempPathFor(path: string, pid = process.pid): string {
  return join(dirname(path), `.${basename(path)}.${pid}.tmp`);
}

/**
 * Removes temporary files of `path` left by a process that was killed between writing and renaming
 * (kill -9, a power cut): `.<name>.<pid>.tmp` beside it whose process is gone (or is this one: its own
 * writes are synchronous, so none of them is in progress).
 */
export function removeStaleTemps(path: string): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw e;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = name.slice(prefix.length, -'.tmp'.length);
    if (!/^\d+$/.test(pid)) continue;
    if (Number(pid) !== process.pid && processAlive(Number(pid))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

/**
 * Writes a record atomically (temporary file, then rename), so an interrupted write never leaves
 * a half-written save; the temporary file never outlives the write (and one left by a killed
 * process is removed by the next write of the same save). Refuses to overwrite an existing file
 * that is not a Muster record (a corrupt save is never replaced), and, with `held`, a record that
 * `held` refuses (it says why: the play loop's saves never write over another game's record put at
 * the save's path). Throws RecordError, its message ending in `advice` when the file is not a record
 * (the play loop, whose flags are long given, says its own).
 */
export function writeRecord(
  path: string,
  record: GameRecord,
  advice = ' (choose another --save file)',
  held?: (there: GameRecord) => string | undefined,
): void {
  if (path === '') throw new RecordError('the save file name is empty');
  if (existsSync(path)) {
    let there: unknown;
    try {
      there = JSON.parse(withoutBom(readFileSync(path, 'utf8')));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw new RecordError(`${clip(path)} is a folder, not a file${advice}`);
      // A file that cannot be read cannot be told a record: it is not written over either.
      if (code !== undefined)
        throw new RecordError(`cannot read ${clip(path)} to check it holds a Muster record: ${whyNotWritten(path, e)}`);
      if (!(e instanceof SyntaxError)) throw e;
    }
    if ((there as GameRecord | null)?.format !== RECORD_FORMAT)
      throw new RecordError(`${clip(path)} exists and is not a Muster record; not overwriting it${advice}`);
    const other = held?.(there as GameRecord);
    if (other !== undefined) throw new RecordError(`${clip(path)} holds another game (${other}); not overwriting it${advice}`);
  }
  const tmp = tempPathFor(path);
  try {
    removeStaleTemps(path);
    writeFileSync(tmp, JSON.stringify(record, null, 2) + '\n');
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch (x) {
      const code = (x as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw x;
    }
    throw new RecordError(`cannot write ${clip(path)}: ${whyNotWritten(path, e)}`);
  }
}

/**
 * Writes `record` to a new file, never over an existing one: beside `path` first, as
 * "<name>-2.muster.json" (numbered on while taken), else in the current folder, else in the
 * temporary folder. For a game whose save file could not be written (the game is never lost).
 * Returns the file written; throws RecordError naming the last failure when none could be.
 */
export function writeRecordBeside(path: string, record: GameRecord): string {
  const stem = basename(path).replace(/(\.muster)?\.json$/i, '') || 'game';
  const text = JSON.stringify(record, null, 2) + '\n';
  const folders = [...new Set([dirname(path), '.', tmpdir()])];
  let why = '';
  for (const folder of folders) {
    for (let i = 2; i < 1000; i++) {
      const candidate = join(folder, `${stem}-${i}.muster.json`);
      if (existsSync(candidate) || existsSync(`${candidate}.lock`)) continue;
      try {
        // 'wx': made here, or refused when it exists (another process took the name meanwhile)
        writeFileSync(candidate, text, { flag: 'wx' });
        return candidate;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        try {
          if (existsSync(candidate)) unlinkSync(candidate); // a part written before the disk was full
        } catch {
          // (left as it is: it is not a record that was there before)
        }
        why = `cannot write ${clip(candidate)}: ${whyNotWritten(candidate, e)}`;
        break;
      }
    }
  }
  throw new RecordError(why || `no free file name beside ${clip(path)}`);
}

/** Why a file at `path` could not be written, in a player's words (`e`: the error of the write). */
export function whyNotWritten(path: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  // ENOENT: the folder is missing, or files cannot be made in it (/proc).
  return code === 'ENOENT'
    ? existsSync(dirname(path))
      ? `files cannot be made in ${clip(dirname(path))}`
      : 'no such directory'
    : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? existsSync(path)
        ? `not allowed to replace ${clip(path)}`
        : `not allowed to write in ${dirname(path) === '.' ? 'the current folder' : clip(dirname(path))}`
      : clip((e as Error).message, 200);
}

/** Checks the record's "players" against the game: every side named, no other side, and its bots. Throws RecordError naming the field. */
export function checkRecordPlayers(mod: Pick<AnyGameModule, 'id' | 'sides' | 'bots'>, record: GameRecord, path: string): void {
  // A record names who played every side: one missing a side, or without "players" at all, was
  // resumed with the sides filled in as human, and the save rewritten so. Every record Muster writes
  // has "players" (the committed ones too), so one without it was edited: refused, as a side left out is.
  if (record.players === undefined)
    throw new RecordError(
      `${clip(path)}: "players" is missing: a record names who played each of ${mod.id}'s sides (${mod.sides.join(', ')}), ` +
        `e.g. "players": {${mod.sides.map((s) => `${quote(s)}: "human"`).join(', ')}}; the file was left as it is`,
    );
  const missing = mod.sides.filter((s) => !Object.hasOwn(record.players!, s));
  if (missing.length)
    throw new RecordError(
      `${clip(path)}: "players" does not name ${missing.length === 1 ? 'side' : 'sides'} ${missing.map((s) => quote(s)).join(', ')} (${mod.id}'s sides: ${mod.sides.join(', ')}); the file was left as it is`,
    );
  for (const [side, kind] of Object.entries(record.players ?? {})) {
    if (!mod.sides.includes(side))
      throw new RecordError(
        `${clip(path)}: "players" names side ${quote(side)}, which ${mod.id} does not have (sides: ${mod.sides.join(', ')})`,
      );
    if (kind.startsWith('bot:') && !Object.hasOwn(mod.bots, kind.slice(4)))
      throw new RecordError(
        `${clip(path)}: "players".${quote(side)} is ${quote(kind)}, but ${mod.id} has no such bot (bots: ${Object.keys(mod.bots).join(', ')})`,
      );
  }
}

/** Whether `a` and `b` agree as far as the shorter goes. */
const agreeSoFar = <T>(a: readonly T[], b: readonly T[]) => a.slice(0, b.length).every((x, i) => x === b[i]);

/**
 * Why `earlier` is not an earlier save of the game `now` (undefined when it is one): the same game
 * is the same game id, seed, options, rules hash, dice mode and start position, with its choices the
 * first of `now`'s and its die rolls agreeing with `now`'s as far as both go. Who played the sides
 * may differ (`resume --bot`). Save as may write over such a file, never over another game's.
 */
export function notAnEarlierSave(earlier: GameRecord, now: GameRecord): string | undefined {
  if (earlier.game !== now.game) return `a game of ${earlier.game}`;
  // Never this game's seed: one Muster drew for a game with hidden information is kept from its players
  // until the game ends (the deck's order follows from it).
  if (earlier.seed !== now.seed) return `another seed, ${quote(earlier.seed)}`;
  const keys = [...new Set([...Object.keys(earlier.options), ...Object.keys(now.options)])];
  const option = keys.find((k) => !isDeepStrictEqual(earlier.options[k], now.options[k]));
  if (option !== undefined)
    return `option ${option}=${String(earlier.options[option] ?? '(none)')}, not ${String(now.options[option] ?? '(none)')}`;
  if (earlier.rulesHash !== now.rulesHash) return 'played with other rules data';
  if (earlier.dice !== now.dice) return `${earlier.dice} dice, not ${now.dice}`;
  if (!isDeepStrictEqual(earlier.start, now.start)) return 'started from another position';
  // Never which decision or what was chosen, nor how many: the message is read by the side saving, and
  // the choices (and their count) may be another side's secrets (a face-down card's id).
  const parted = earlier.choices.findIndex((c, i) => i < now.choices.length && c !== now.choices[i]);
  if (parted >= 0) return 'another line of play of this game (its decisions part from this one)';
  if (earlier.choices.length > now.choices.length) return 'decisions this game does not have now (taken back since)';
  if (!agreeSoFar(earlier.rolls ?? [], now.rolls ?? [])) return 'other die rolls';
  return undefined;
}
