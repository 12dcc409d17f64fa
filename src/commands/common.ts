/** What every command shares: output, colour, exit codes, loading a game and its rules. */
import { readFileSync } from 'node:fs';
import type { GameModule, RenderContext } from '../engine/module.js';
import { loadRules } from '../engine/rules.js';
import type { Logged } from '../engine/runner.js';
import { parseRollList, type DiceMode } from '../engine/dice.js';
import { findGame, GAMES } from '../games/index.js';
import { renderLogLine } from '../ui/log.js';

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

export function renderContext(color: boolean): RenderContext {
  return { color, width: process.stdout.columns ? Math.max(80, process.stdout.columns) : 100 };
}

/** Writes a line to stderr (warnings and what a failed check found; errors go through cli.ts). */
export function errOut(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n');
}

/** Writes to stdout. */
export function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

export function renderLogged(l: Logged, ctx: RenderContext): string {
  return renderLogLine(l.entry, ctx);
}

/** Loads a game module and its rules (default rules file, or `--rules FILE`). Throws CliError/RulesDataError. */
export async function loadGame(id: string, rulesFile?: string) {
  const entry = findGame(id);
  if (!entry) throw new CliError(`unknown game ${quote(id)}; games: ${GAMES.map((g) => g.meta.id).join(', ')}`);
  const mod: GameModule<any, any, any> = await entry.load();
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
