/**
 * The script decider: choice ids from a file or standard input, one per line.
 * Blank lines and `#` comments are skipped; a line may also be a number (1-based) picking that
 * option of the pending decision, as shown by `muster play` when a script stops.
 */
import type { Decision } from '../module.js';
import type { Answer, Decider } from './types.js';

export interface ScriptLine {
  line: number;
  text: string;
}

/** Splits script text into its meaningful lines, keeping their 1-based line numbers. */
export function parseScript(text: string): ScriptLine[] {
  const out: ScriptLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const t = raw.replace(/#.*/, '').trim();
    if (t) out.push({ line: i + 1, text: t });
  });
  return out;
}

/** Resolves a script line to an option id: the id itself, or a 1-based option number. */
export function resolveLine(text: string, d: Decision): string {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= d.options.length) return d.options[n - 1].id;
  }
  return text.toLowerCase() === text ? text : text.toLowerCase();
}

export class ScriptDecider implements Decider {
  readonly kind = 'script';
  private i = 0;
  constructor(
    private readonly lines: ScriptLine[],
    /** Where the lines came from (file name or "stdin"), for error messages. */
    readonly source: string,
  ) {}

  /** Lines not yet used. */
  get remaining(): number {
    return this.lines.length - this.i;
  }

  async decide(_s: unknown, d: Decision): Promise<Answer> {
    if (this.i >= this.lines.length) return { kind: 'end' };
    const l = this.lines[this.i++];
    return { kind: 'choice', id: resolveLine(l.text, d), line: l.line, source: this.source };
  }
}
