/**
 * User text in messages. Anything a person or a file supplied (a script line, a record's choice id,
 * an option value, a file name, a rules entry) reaches an error or warning only through `quote` or
 * `clip`: cut to a readable length with its full length said, and with newlines, control characters,
 * byte-order marks and bidirectional overrides written as escapes, so a message is always the lines
 * the program meant and never a 50 MiB echo or a terminal escape sequence.
 *
 * (In the engine, not in src/ui: records, rules files and the runner word messages too, and the
 * engine knows no terminal.)
 */

/** Characters of user text shown in a message before it is cut. */
export const QUOTE_MAX = 60;

/** "1,048,576": digits grouped by thousands, the same in every locale. */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Characters written as escapes: C0 and C1 controls, DEL, byte-order mark, line/paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(c: string): string {
  return NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Cuts `text` to `max` characters (never inside a surrogate pair); returns the kept part and whether it was cut. */
function cut(text: string, max: number): { kept: string; cut: boolean } {
  if (text.length <= max) return { kept: text, cut: false };
  let kept = text.slice(0, max);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return { kept, cut: true };
}

/**
 * User text for a message, unquoted: escapes written out (`\n`, `\t`, `\u001b`), cut after `max`
 * characters with its length said: `abc… (1,048,576 characters)`.
 */
export function clip(text: string, max = QUOTE_MAX): string {
  const c = cut(String(text), max);
  const shown = c.kept.replace(UNSAFE, escapeChar);
  return c.cut ? `${shown}... (${groupDigits(text.length)} characters)` : shown;
}

/**
 * User text for a message, in double quotes (a quote or backslash inside is escaped too):
 * `"fly to the moon"`, `"line one\nline two"`, `"xxxx…" (52,428,800 characters)`.
 */
export function quote(text: string, max = QUOTE_MAX): string {
  const c = cut(String(text), max);
  const shown = c.kept.replace(/["\\]/g, (q) => `\\${q}`).replace(UNSAFE, escapeChar);
  return c.cut ? `"${shown}..." (${groupDigits(text.length)} characters)` : `"${shown}"`;
}

/** Characters of one line of an error message before the last line of defence cuts it. */
export const MESSAGE_LINE_MAX = 4000;

/**
 * The last line of defence for a whole message the program wrote (its own newlines kept): control
 * characters other than the newline escaped, and any line longer than MESSAGE_LINE_MAX cut.
 */
export function safeMessage(message: string): string {
  return String(message)
    .split('\n')
    .map((line) => clip(line, MESSAGE_LINE_MAX))
    .join('\n');
}
