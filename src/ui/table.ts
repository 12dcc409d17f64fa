/**
 * Tables for the terminal (cli-table3). Modules build `LogTable`s or call `table()` from `render`;
 * borders are plain ASCII so transcripts are the same on every terminal.
 */
import Table from 'cli-table3';
import type { LogTable, RenderContext } from '../engine/module.js';
import { painter, stripAnsi } from './colour.js';

const ASCII_CHARS = {
  top: '-',
  'top-mid': '+',
  'top-left': '+',
  'top-right': '+',
  bottom: '-',
  'bottom-mid': '+',
  'bottom-left': '+',
  'bottom-right': '+',
  left: '|',
  'left-mid': '+',
  mid: '-',
  'mid-mid': '+',
  right: '|',
  'right-mid': '+',
  middle: '|',
};

/** Draws a table: `head` column titles, `rows` cells (already painted if wanted). Returns text without a trailing newline. */
export function table(head: string[], rows: string[][], ctx: RenderContext, title?: string): string {
  const p = painter(ctx);
  const t = new Table({
    head: head.map((h) => p('bold', h)),
    chars: ASCII_CHARS,
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
  });
  // Compact tables draw no line between rows, so a row of multi-line cells is pushed as one row per
  // line: the same text, but cli-table3 (0.6.5) truncates a cell's whole content for a debug message
  // on every line it draws, measuring it again per character dropped when it has several lines, which
  // took minutes for the long outcomes of `odds` (a British turn in each cell).
  for (const r of rows) {
    const lines = r.map((c) => c.split('\n'));
    const height = Math.max(1, ...lines.map((l) => l.length));
    for (let k = 0; k < height; k++) t.push(lines.map((l) => l[k] ?? ''));
  }
  const body = t.toString();
  return title ? `${p('bold', title)}\n${body}` : body;
}

/** Draws a log table entry, within `ctx.width`: its key (`note`), if any, wrapped under it. */
export function logTable(entry: LogTable, ctx: RenderContext): string {
  const t = fitTable(entry.head, entry.rows, ctx, entry.title);
  if (!entry.note) return t;
  const width = ctx.width ?? 100;
  return `${t}\n${wrapWords(entry.note, width - 2)
    .map((l, i) => (i === 0 ? l : `  ${l}`))
    .join('\n')}`;
}

import { wrapWords } from './text.js';
export { wrapWords };

/**
 * A table that fits in `ctx.width` (default 100) columns: the widest columns are narrowed and their
 * cells wrapped at word boundaries until the whole table fits. A column is first narrowed no further
 * than its longest word (so no word is cut); only when the table still does not fit are columns
 * narrowed below that, breaking a word as a last resort (a column keeps at least 6 columns).
 * A cell that is wrapped loses its colours; its own line breaks are kept.
 */
export function fitTable(head: string[], rows: string[][], ctx: RenderContext, title?: string): string {
  const width = ctx.width ?? 100;
  const n = head.length;
  // The longest line of a cell, colour codes aside (no arrays made: every log table measures each cell twice)
  const len = (cell: string) => {
    const text = stripAnsi(cell);
    let longest = 0;
    for (let start = 0; ;) {
      const nl = text.indexOf('\n', start);
      const end = nl < 0 ? text.length : nl;
      if (end - start > longest) longest = end - start;
      if (nl < 0) return longest;
      start = nl + 1;
    }
  };
  // The longest word of a cell: the narrowest the column can be without cutting a word
  const longestWord = (cell: string) =>
    Math.max(
      0,
      ...stripAnsi(cell)
        .split(/\s+/)
        .map((w) => w.length),
    );
  const natural = head.map((h, i) => Math.max(len(h), ...rows.map((r) => len(r[i] ?? ''))));
  const words = head.map((h, i) => Math.max(longestWord(h), ...rows.map((r) => longestWord(r[i] ?? ''))));
  const cols = natural.slice();
  const budget = width - (3 * n + 1); // "| " and " |" around each cell, one border between
  let total = cols.reduce((a, b) => a + b, 0);
  // Narrows the widest column still above its floor, one column at a time, until the table fits.
  const narrow = (floor: (i: number) => number) => {
    while (total > budget) {
      let k = -1;
      for (let i = 0; i < n; i++) if (cols[i] > floor(i) && (k < 0 || cols[i] > cols[k])) k = i;
      if (k < 0) return;
      cols[k]--;
      total--;
    }
  };
  narrow((i) => Math.max(6, words[i])); // wrap at spaces only
  narrow(() => 6); // still too wide: break the longest words
  const fit = (cell: string, i: number) => (len(cell) <= cols[i] ? cell : wrapWords(stripAnsi(cell), cols[i]).join('\n'));
  const t = table(
    head.map(fit),
    rows.map((r) => r.map(fit)),
    ctx,
  );
  return title ? `${painter(ctx)('bold', wrapWords(title, width).join('\n'))}\n${t}` : t;
}
