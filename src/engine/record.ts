/**
 * The game record: one JSON format for the save file, the replay and the bug report
 * (architecture.md, "Game record").
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import type { DiceMode } from './dice.js';
import type { Options, Outcome } from './module.js';

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
  /** Every die result in order: present for scripted and prompted dice (seeded dice re-derive them). */
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

/** Checks a parsed value is a well-formed record. Throws RecordError naming the first bad field. */
export function checkRecord(raw: unknown, where: string): GameRecord {
  const bad = (what: string): never => {
    throw new RecordError(`${where} is not a Muster game record: ${what}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) bad('not a JSON object');
  const r = raw as Record<string, unknown>;
  if (r.format !== RECORD_FORMAT) bad(`"format" must be "${RECORD_FORMAT}"`);
  const str = (k: string) => {
    if (r[k] === undefined) bad(`"${k}" is missing`);
    if (typeof r[k] !== 'string') bad(`"${k}" must be a string`);
  };
  str('game');
  str('rulesHash');
  str('seed');
  if (typeof r.options !== 'object' || r.options === null || Array.isArray(r.options)) bad('"options" must be an object');
  for (const [k, v] of Object.entries(r.options as object)) if (typeof v !== 'string') bad(`option "${k}" must be a string`);
  if (r.dice !== 'seeded' && r.dice !== 'scripted' && r.dice !== 'prompted') bad('"dice" must be seeded, scripted or prompted');
  if (!Array.isArray(r.choices) || r.choices.some((c) => typeof c !== 'string')) bad('"choices" must be a list of strings');
  if (r.rolls !== undefined && (!Array.isArray(r.rolls) || r.rolls.some((x) => !Number.isInteger(x) || (x as number) < 1)))
    bad('"rolls" must be a list of whole numbers from 1');
  if (r.dice !== 'seeded' && r.rolls === undefined) bad(`a ${r.dice as string}-dice record needs "rolls"`);
  if (r.start !== undefined && (typeof r.start !== 'object' || r.start === null || Array.isArray(r.start))) bad('"start" must be a state object');
  return r as unknown as GameRecord;
}

/** Reads and checks a record file. Throws RecordError (unreadable, not JSON, malformed). */
export function readRecord(path: string): GameRecord {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new RecordError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new RecordError(`${path} is not valid JSON (${(e as Error).message}); the file was left as it is`);
  }
  return checkRecord(raw, path);
}

/**
 * Writes a record atomically (temporary file, then rename), so an interrupted write never leaves
 * a half-written save. Refuses to overwrite an existing file that is not a Muster record
 * (a corrupt save is never replaced). Throws RecordError.
 */
export function writeRecord(path: string, record: GameRecord): void {
  if (existsSync(path)) {
    let ok = false;
    try {
      ok = JSON.parse(readFileSync(path, 'utf8'))?.format === RECORD_FORMAT;
    } catch {
      ok = false;
    }
    if (!ok) throw new RecordError(`${path} exists and is not a Muster record; not overwriting it (choose another --save file)`);
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify(record, null, 2) + '\n');
    renameSync(tmp, path);
  } catch (e) {
    throw new RecordError(`cannot write ${path}: ${(e as Error).message}`);
  }
}
