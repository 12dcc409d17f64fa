/**
 * Number flags (--games, --threads, --samples, --at, ...): one parser for every command. A value is
 * digits only (Number() also took "1e3", "0x10" and " 12 "), and one past Number.MAX_SAFE_INTEGER is
 * refused before it becomes a number, since Number() rounds it: `--at 123456789012345678901` was
 * echoed as "--at 123456789012345680000". Every message echoes the text as typed.
 */
import { groupDigits, quote } from '../engine/quote.js';
import { CliError } from './errors.js';

/** The whole number `text` is (digits only, at most Number.MAX_SAFE_INTEGER), or undefined. */
export function parseWhole(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  // Compared exactly (BigInt), not after Number() has rounded it.
  if (BigInt(text) > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(text);
}

/**
 * Flag `name`'s value `text`, a whole number from `min` to `max`; else a CliError (exit 2):
 * "--games wants a whole number from 1 to 10,000,000, not "1e3"". `what`: "a decision number".
 */
export function wholeFlag(name: string, text: string, min: number, max: number, what = 'a whole number'): number {
  const n = parseWhole(text);
  if (n === undefined || n < min || n > max)
    throw new CliError(`${name} wants ${what} from ${groupDigits(min)} to ${groupDigits(max)}, not ${quote(text)}`);
  return n;
}

/**
 * A command's bounded number flags: `limits` maps each flag to its largest value (the least is 1).
 * The reader returned gives a flag's value (wholeFlag), or `fallback` when the flag is not given.
 */
export function boundedFlags<L extends Record<string, number>>(limits: L) {
  return (text: string | undefined, name: keyof L & string, fallback: number): number =>
    text === undefined ? fallback : wholeFlag(name, text, 1, limits[name]);
}

/**
 * --at N: a decision number from 0 to `most`. Past `most`, `tooFar(typed)` words the refusal when given
 * (what the record has); a value that is no number, or past Number.MAX_SAFE_INTEGER, is refused as
 * "--at wants a decision number from 0 to 265, not "123456789012345678901"".
 */
export function atFlag(text: string, most: number, tooFar?: (typed: string) => string): number {
  const n = parseWhole(text);
  if (n !== undefined && n > most && tooFar) throw new CliError(tooFar(text));
  return wholeFlag('--at', text, 0, most, 'a decision number');
}
