/** Game log entries as terminal text, within the width (`ctx.width`, default 100): a line never wraps. */
import type { LogEntry, RenderContext } from '../engine/module.js';
import { painter, type Tone } from './colour.js';
import { logTable, wrapWords } from './table.js';

/** The colour of each tone, and the text put before it. */
const STYLE: Record<NonNullable<Extract<LogEntry, { kind: 'text' }>['tone']> | 'none', { tone?: Tone; prefix: string }> = {
  none: { prefix: '' },
  info: { prefix: '' },
  roll: { tone: 'roll', prefix: '  roll ' },
  phase: { tone: 'phase', prefix: '' },
  event: { tone: 'event', prefix: '' },
  combat: { tone: 'yellow', prefix: '' },
  warn: { tone: 'bad', prefix: '' },
  bad: { tone: 'bad', prefix: '' },
  good: { tone: 'good', prefix: '' },
};

/** One log entry as terminal text: tables drawn with cli-table3, text coloured by its tone and wrapped to the width. */
export function renderLogLine(e: LogEntry, ctx: RenderContext): string {
  if (e.kind === 'table') return logTable(e, ctx);
  const p = painter(ctx);
  const width = ctx.width ?? 100;
  const st = STYLE[e.tone ?? 'none'];
  const text = st.prefix + e.text;
  // Continuation lines are indented under the text (a roll's under its result).
  const indent = st.prefix ? '    ' : '  ';
  const lines = text.length <= width ? [text] : wrapWords(text, width - indent.length).map((l, i) => (i === 0 ? l : indent + l));
  // wrapWords gave the first line `width - indent` columns: widen it back when the text allows.
  return lines.map((l) => (st.tone ? p(st.tone, l) : l)).join('\n');
}
