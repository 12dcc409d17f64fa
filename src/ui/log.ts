/** Game log entries as terminal text. */
import type { LogEntry, RenderContext } from '../engine/module.js';
import { painter } from './colour.js';
import { logTable } from './table.js';

/** One log entry as terminal text: tables drawn with cli-table3, text coloured by its tone. */
export function renderLogLine(e: LogEntry, ctx: RenderContext): string {
  if (e.kind === 'table') return logTable(e, ctx);
  const p = painter(ctx);
  switch (e.tone) {
    case 'roll':
      return p('roll', `  roll ${e.text}`);
    case 'phase':
      return p('phase', e.text);
    case 'event':
      return p('event', e.text);
    case 'combat':
      return p('yellow', e.text);
    case 'warn':
    case 'bad':
      return p('bad', e.text);
    case 'good':
      return p('good', e.text);
    default:
      return e.text;
  }
}
