/**
 * Errors and exit codes, kept free of heavy imports so `muster list` starts fast.
 * Exit codes: 0 ok, 1 runtime error, 2 bad usage or bad input.
 */
import { clip, quote, safeMessage } from '../engine/quote.js';

/** An error with the exit code the CLI should end with (2 bad usage/input, 1 runtime). */
export class CliError extends Error {
  constructor(
    message: string,
    public readonly code: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Errors that are the user's input at fault (by class name, to avoid importing their modules). */
const USER_ERRORS = new Set(['UsageError', 'RecordError', 'BadRoll', 'InputError']);

/**
 * Exit code and message for any error: user errors get a message, never a stack trace. The message
 * passes quote.ts's last line of defence: no control characters, no endless line.
 */
export function describeError(e: unknown): { code: number; message: string } {
  const d = describe(e);
  return { code: d.code, message: safeMessage(d.message) };
}

function describe(e: unknown): { code: number; message: string } {
  const err = e as Error & { code?: number; problems?: string[]; legal?: string[] };
  const name = err?.name;
  if (name === 'CliError') return { code: err.code ?? 2, message: err.message };
  if (name && USER_ERRORS.has(name)) return { code: 2, message: err.message };
  if (name === 'RulesDataError')
    return { code: 2, message: [err.message, ...(err.problems ?? []).slice(0, 20).map((p) => `  ${clip(String(p), 300)}`)].join('\n') };
  if (name === 'NeedRoll') return { code: 2, message: `the scripted dice ran out: ${err.message}` };
  if (name === 'IllegalChoice') {
    const choice = (err as { choice?: unknown }).choice;
    return { code: 2, message: `illegal choice ${quote(String(choice))}; legal: ${(err.legal ?? []).join(' | ')}` };
  }
  const detail = process.env.MUSTER_DEBUG ? `\n${err?.stack ?? ''}` : '\n(set MUSTER_DEBUG=1 for details)';
  return { code: 1, message: `internal error: ${clip(err?.message ?? String(e), 1000)}${detail}` };
}

/** Collects repeated `--option key=value` flags. Throws CliError for one option given two different values. */
export function collectOption(value: string, prev: Record<string, string> | undefined): Record<string, string> {
  const m = /^([^=\s]+)=(.*)$/.exec(value);
  if (!m) throw new CliError(`--option wants key=value, not ${quote(value)}`);
  const before = prev?.[m[1]];
  // Which of the two was meant cannot be guessed (a newcomer's rout-exit=stop then rout-exit=leave went unremarked).
  if (before !== undefined && before !== m[2])
    throw new CliError(`option ${m[1]} is given twice, as ${quote(before)} and as ${quote(m[2])}: give it once`);
  return { ...(prev ?? {}), [m[1]]: m[2] };
}
