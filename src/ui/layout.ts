/**
 * The decision screen at a terminal (architecture.md, "The screen"), top to bottom:
 *
 *   status      one line: the game's tracks (module `status`), whose decision, the phase
 *   board       drawn by the module for the width and the rows left (`ctx.height`)
 *   events      what happened since this player's last decision (the end of it, when long:
 *               the whole of it was paged just before, a screen at a time)
 *   prompt      the question and its options (the list's page fitted to what is left)
 *
 * Everything here is a pure function of sizes and texts, so it is tested without a terminal.
 */
import { menuRows, cut } from './prompts.js';
import { stripAnsi } from './colour.js';
import { visibleWidth } from './terminal.js';
import { wrapWords } from './text.js';

/** Rows the prompt's list takes at most, for a screen of `height` rows (5 at 24 rows, 12 at 45). */
export function listRows(height: number, items: number): number {
  const most = Math.max(5, 5 + Math.floor((height - 24) / 3));
  return Math.max(1, Math.min(items, most));
}

export interface ScreenPlan {
  /** The list's page size. */
  pageSize: number;
  /** Rows the board may use (its `ctx.height`). */
  boardRows: number;
}

/**
 * Shares the rows among the parts: the prompt takes what its list needs (within `listRows`), the
 * status one row, and the board gets the rest less a few rows kept for the events.
 */
export function planScreen(height: number, messageLines: number, items: number, eventLines: number): ScreenPlan {
  const pageSize = listRows(height, items);
  const rest = height - 1 - menuRows(messageLines, pageSize);
  const keep = Math.min(eventLines, Math.max(3, Math.floor(rest / 4)));
  return { pageSize, boardRows: Math.max(4, rest - keep) };
}

/**
 * The list's page size once the screen above it is drawn: the rows the board and the events left
 * unused (a short board, few events) go to the list, up to its `items` (a newcomer at 80x24 saw "1-5
 * of 9 lines" above five empty rows). One row is kept free at the bottom, as planScreen keeps it.
 */
export function growList(height: number, messageLines: number, pageSize: number, usedLines: number, items: number): number {
  const spare = height - 1 - menuRows(messageLines, pageSize) - usedLines;
  return Math.min(Math.max(pageSize, items), pageSize + Math.max(0, spare));
}

export interface Composed {
  /** Pages of events to show first, each read before a key is pressed (empty when they fit). */
  pages: string[][];
  /** The screen above the prompt: status, board, events (at most `height - prompt rows` lines). */
  lines: string[];
}

/**
 * Puts the screen together. `board` is what the module drew for `plan.boardRows` rows; when it is
 * taller anyway it is cut, with a line saying how to see the whole. Events that do not fit in the
 * rows left are paged first; the screen then shows their end.
 */
export function composeScreen(opts: {
  width: number;
  height: number;
  status: string;
  board: string[];
  events: string[];
  promptRows: number;
  boardName: string;
}): Composed {
  const { width, height } = opts;
  const room = height - opts.promptRows - 1; // rows for board + events
  let board = opts.board.map((l) => cut(l, width));
  const minEvents = Math.min(opts.events.length, 3);
  if (board.length > room - minEvents) {
    const keep = Math.max(1, room - minEvents - 1);
    board = [...board.slice(0, keep), `(the ${opts.boardName} goes on: "Show ${opts.boardName}" shows all of it)`];
  }
  const eventRows = room - board.length;
  // Events are wrapped at spaces (never cut: a note or a log line is read whole).
  const wrapped = opts.events.map((l) => wrapWords(l, width));
  const events = wrapped.flat();
  let pages: string[][] = [];
  let shown = events;
  if (events.length > eventRows) {
    // The end of the events stays on the decision screen; what comes before it is paged first.
    const { from, lines: tail, paged } = eventsTail(wrapped, Math.max(0, eventRows - 1), width);
    pages = pageLines(events.slice(0, paged), height - 1);
    // The last page is filled up with the lines that follow (shown again on the decision screen).
    const last = pages[pages.length - 1];
    if (last) last.push(...events.slice(paged, paged + (height - 1 - last.length)));
    shown = [`(${from} earlier lines were shown a page at a time; "Show log" shows them again)`, ...tail].slice(0, eventRows);
    shown[0] = cut(shown[0], width);
  }
  return { pages, lines: [cut(opts.status, width), ...board, ...shown] };
}

/**
 * The end of the events (each wrapped to its lines) in at most `rows` lines: whole events only, so the
 * first line shown never is the middle of a wrapped one (a newcomer read such a tail as a line of its
 * own). When the last event alone is longer than the rows, its end, the first line starting "... ".
 * `from`: the wrapped lines before the tail; `paged`: the lines to page before it (all of them, up to
 * the first line that the tail shows whole).
 */
export function eventsTail(wrapped: string[][], rows: number, width: number): { from: number; lines: string[]; paged: number } {
  const total = wrapped.reduce((n, w) => n + w.length, 0);
  let from = total;
  let lines: string[] = [];
  for (let i = wrapped.length - 1; i >= 0 && lines.length + wrapped[i].length <= rows; i--) {
    lines = [...wrapped[i], ...lines];
    from -= wrapped[i].length;
  }
  if (lines.length || !rows || !wrapped.length) return { from, lines, paged: from };
  // The last event alone does not fit: its last lines, the cut marked; that first line is paged too.
  const last = wrapped[wrapped.length - 1];
  lines = last.slice(last.length - rows);
  from = total - rows;
  let first = `... ${lines[0]}`;
  if (visibleWidth(first) > width) {
    const words = stripAnsi(lines[0]).trim().split(' ');
    while (words.length > 1 && visibleWidth(`... ${words.join(' ')}`) > width) words.shift();
    first = cut(`... ${words.join(' ')}`, width);
  }
  lines[0] = first;
  return { from, lines, paged: from + 1 };
}

/** A table's border line ("+----+---+"), colours aside. */
const isBorder = (line: string) => /^\+[-+]*\+$/.test(stripAnsi(line));

/**
 * Splits lines into pages of at most `rows` lines. A table's closing border never starts a page on
 * its own: the page before ends a line early, so the table's last row goes over with it.
 */
export function pageLines(lines: string[], rows: number): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < lines.length;) {
    let take = Math.min(rows, lines.length - i);
    const next = i + take;
    const closing =
      next < lines.length && isBorder(lines[next]) && (next + 1 === lines.length || !/^[|+]/.test(stripAnsi(lines[next + 1])));
    if (closing && take > 1 && !isBorder(lines[next - 1])) take--;
    pages.push(lines.slice(i, i + take));
    i += take;
  }
  return pages;
}

/** The parts of a status line and the separators between them (" | " or " · "). */
const SEPARATOR = / \| /;

/**
 * The status line within `room` columns, never with a part cut short: `fitted` (what the module
 * made of the room) when it fits and none of its parts is one of `full` (the module's status with no
 * limit) cut in the middle of a word; else the parts of `full` from the start, as many as fit (the
 * first one cut when even it is too wide). A module's own shorter words ("VP F6 E6", "Orders") are
 * kept: only parts of `full` were once, and the line fell back to dropping a side's figures whole
 * (a newcomer at 80 columns saw one side of a small-action firefight).
 */
export function fitStatus(fitted: string, full: string, room: number): string {
  const parts = full.split(SEPARATOR);
  const cutShort = (x: string) => !parts.includes(x) && parts.some((p) => p.startsWith(x) && /\w/.test(p[x.length]) && /\w$/.test(x));
  const whole = !fitted.split(SEPARATOR).some(cutShort);
  if (whole && visibleWidth(fitted) <= room) return fitted;
  const seps = [...full.matchAll(new RegExp(SEPARATOR, 'g'))].map((m) => m[0]);
  let line = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const next = line + seps[i - 1] + parts[i];
    if (visibleWidth(next) > room) break;
    line = next;
  }
  return cut(line, room);
}
