/** What every command shares: output, colour, exit codes, loading a game and its rules. */
import { existsSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { RenderContext, AnyGameModule } from '../engine/module.js';
import { loadRules } from '../engine/rules.js';
import type { Logged } from '../engine/runner.js';
import { parseRollList, type DiceMode } from '../engine/dice.js';
import { findGame, GAMES } from '../games/index.js';
import { renderLogLine } from '../ui/log.js';
import { messageWidth, screenWidth } from '../ui/terminal.js';
import { wrapWords } from '../ui/text.js';

export { CliError, describeError, collectOption } from './errors.js';
import { CliError } from './errors.js';
import { clip, quote } from '../engine/quote.js';

/** Whether to colour output: not with --no-color, NO_COLOR, or when stdout is not a terminal. */
export function useColor(flag: boolean | undefined): boolean {
  if (flag === false) {
    // The prompt library reads NO_COLOR when it loads (it is loaded lazily, after this).
    process.env.NO_COLOR = '1';
    return false;
  }
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  return Boolean(process.stdout.isTTY);
}

/** Colour, and the width to draw for: the terminal's, else `COLUMNS`, else 100 (ui/terminal.ts). */
export function renderContext(color: boolean): RenderContext {
  return { color, width: screenWidth() };
}

/**
 * The command as the user can run it again, for messages: `muster` when the running launcher is the
 * one found on the PATH (npm install -g, npm link), else the launcher's path as typed from here
 * (`./bin/muster` in a checkout).
 */
export function commandName(): string {
  const script = process.argv[1];
  // Not run through a muster launcher (a test runner, node -e): the installed name.
  if (!script || !/muster(\.js)?$/.test(script)) return 'muster';
  let real: string;
  try {
    real = realpathSync(script);
  } catch {
    return 'muster';
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'muster');
    try {
      if (existsSync(candidate) && realpathSync(candidate) === real) return 'muster';
    } catch {
      // an unreadable PATH entry: not ours
    }
  }
  const rel = relative(process.cwd(), resolve(script));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel}` : resolve(script);
}

/** The closest of `names` to `typed` (edit distance at most a third of its length), for "did you mean". */
export function closest(typed: string, names: string[]): string | undefined {
  const dist = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const t = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = t;
      }
    }
    return row[b.length];
  };
  let best: string | undefined;
  let bestD = Infinity;
  for (const n of names) {
    const d = n.startsWith(typed.toLowerCase()) ? 0 : dist(typed.toLowerCase(), n);
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/**
 * Makes folder `dir` and any folders above it that are missing, one at a time (Node's recursive
 * mkdir loops for ever under /proc). Returns why it could not, in words, or undefined when the folder
 * is there. Each folder made is added to `made` (outermost first), for a command that ends up writing
 * nothing to take them away again (removeFolders).
 */
export function makeFolder(dir: string, made?: string[]): string | undefined {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!existsSync(at)) {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (!missing.length && !statSync(at).isDirectory()) return 'it is a file, not a folder';
  for (const d of missing) {
    try {
      mkdirSync(d);
      made?.push(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') return `${quote(dirname(d))} is a file, not a folder`;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `not allowed to make a folder in ${quote(dirname(d))}`;
      if (code === 'ENOENT') return `folders cannot be made in ${quote(dirname(d))}`;
      return clip((e as Error).message, 200);
    }
  }
  return undefined;
}

/** Removes the folders makeFolder made (`made`, outermost first), innermost first, each only if still empty. */
export function removeFolders(made: string[]): void {
  for (const d of made.slice().reverse()) {
    try {
      rmdirSync(d);
    } catch {
      return; // not empty (or gone): the folders above it stay too
    }
  }
}

/** Writes a line to stderr (warnings and what a failed check found; errors go through cli.ts). */
export function errOut(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n');
}

/**
 * Ends the command quietly (exit 0) once its output has been closed (`muster odds ... | head`), after
 * `before` (a progress bar cleared). For long synchronous work: the closed pipe's 'error' event
 * (cli.ts) would only come when the work is done.
 */
export function endIfOutputClosed(before?: () => void): void {
  if (!process.stdout.errored) return;
  before?.();
  process.exit(0);
}

/** Writes to stdout. */
export function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Writes a message for people to stdout, each line wrapped to the screen's width (never JSON: see out). */
export function say(text: string): void {
  const width = messageWidth();
  out(
    text
      .split('\n')
      .flatMap((l) => wrapWords(l, width))
      .join('\n'),
  );
}

export function renderLogged(l: Logged, ctx: RenderContext): string {
  return renderLogLine(l.entry, ctx);
}

/** Loads a game module and its rules (default rules file, or `--rules FILE`). Throws CliError/RulesDataError. */
export async function loadGame(id: string, rulesFile?: string) {
  const entry = findGame(id);
  if (!entry) {
    const names = GAMES.map((g) => g.meta.id);
    const near = closest(id, names);
    throw new CliError(`unknown game ${quote(id)}${near ? ` (did you mean ${near}?)` : ''}; games: ${names.join(', ')}`);
  }
  const mod: AnyGameModule = await entry.load();
  const loaded = await loadRules(mod, rulesFile);
  return { mod, rules: loaded.rules as unknown, rulesHash: loaded.hash };
}

/** Parses `--dice`: seeded | prompted | "3,5,1" | "@file". */
export function parseDiceFlag(flag: string | undefined): { mode: DiceMode; rolls?: number[] } {
  if (flag === undefined || flag === 'seeded') return { mode: 'seeded' };
  if (flag.trim() === '') throw new CliError('--dice wants seeded, prompted, a list like 3,5,1, or @file');
  if (flag === 'prompted') return { mode: 'prompted', rolls: [] };
  let text = flag;
  if (flag.startsWith('@')) {
    try {
      text = readFileSync(flag.slice(1), 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : clip((e as Error).message, 200);
      throw new CliError(`cannot read dice file ${clip(flag.slice(1))}: ${why}`);
    }
  }
  try {
    return { mode: 'scripted', rolls: parseRollList(text) };
  } catch (e) {
    throw new CliError(`--dice: ${clip((e as Error).message, 200)} (use seeded, prompted, a list like 3,5,1, or @file)`);
  }
}

/** A fresh seed when none is given: short and easy to type. */
export function drawSeed(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 8; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)];
  return s;
}
