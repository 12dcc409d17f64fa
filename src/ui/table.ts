/**
 * Tables for the terminal (cli-table3). Modules build `LogTable`s or call `table()` from `render`;
 * borders are plain ASCII so transcripts are the same on every terminal.
 */
import Table from 'cli-table3';
import type { LogTable, RenderContext } from '../engine/module.js';
import { painter } from './colour.js';

const ASCII_CHARS = {
  top: '-', 'top-mid': '+', 'top-left': '+', 'top-right': '+',
  bottom: '-', 'bottom-mid': '+', 'bottom-left': '+', 'bottom-right': '+',
  left: '|', 'left-mid': '+', mid: '-', 'mid-mid': '+',
  right: '|', 'right-mid': '+', middle: '|',
};

/** Draws a table: `head` column titles, `rows` cells (already painted if wanted). Returns text without a trailing newline. */
export function table(head: string[], rows: string[][], ctx: RenderContext, title?: string): string {
  const p = painter(ctx);
  const t = new Table({
    head: head.map((h) => p('bold', h)),
    chars: ASCII_CHARS,
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
  });
  for (const r of rows) t.push(r);
  const body = t.toString();
  return title ? `${p('bold', title)}\n${body}` : body;
}

/** Draws a log table entry. */
export function logTable(entry: LogTable, ctx: RenderContext): string {
  return table(entry.head, entry.rows, ctx, entry.title);
}
