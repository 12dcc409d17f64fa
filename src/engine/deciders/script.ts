/**
 * The script decider: choice ids from a file or standard input, one per line, read as they arrive
 * (stdin-lines.ts: a slow writer is waited for).
 * Blank lines and `#` comments are skipped; a line may also be a number picking that option of the
 * pending decision, as shown by `muster play` when a script stops (its 1-based place, unless the
 * module numbers its options: option-numbers.ts). A line `undo` takes back the deciding side's latest
 * decision, under the engine's undo rule (Session.canUndo), unless the decision has an option of that id.
 *
 * A bot in another process, writing through a fifo or a pipe, must know what is asked: when no line
 * is ready for a decision (the reader has waited WAIT_MS for one), `announce` is called first, once
 * per decision (play prints the pending decision). Lines already there (a file, a pipe written
 * ahead) announce nothing, so such transcripts read as before.
 */
import type { Decision } from '../module.js';
import { optionNumbered } from '../option-numbers.js';
import type { LineReader } from '../stdin-lines.js';
import type { Answer, Decider } from './types.js';

export interface ScriptLine {
  line: number;
  text: string;
}

/** Splits script text into its meaningful lines, keeping their 1-based line numbers. */
export function parseScript(text: string): ScriptLine[] {
  const out: ScriptLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const t = scriptText(raw);
    if (t) out.push({ line: i + 1, text: t });
  });
  return out;
}

/** A line without its `#` comment and surrounding blanks (a byte-order mark counts as blank). */
export function scriptText(raw: string): string {
  return raw.replace(/#.*/, '').trim();
}

/** Resolves a script line to an option id: the id itself, or an option's number (option-numbers.ts). */
export function resolveLine(text: string, d: Decision): string {
  if (/^\d+$/.test(text)) {
    const o = optionNumbered(d, Number(text));
    if (o) return o.id;
  }
  return text.toLowerCase() === text ? text : text.toLowerCase();
}

/** How long a script line may take to arrive before the decision is announced (ms). */
export const WAIT_MS = 200;

export class ScriptDecider implements Decider {
  readonly kind = 'script';
  /** Lines read so far (the number of the last one). */
  private lineNo = 0;
  private readonly reader: LineReader;
  constructor(
    /** The script's lines: read as they arrive, or given at once (tests). */
    lines: LineReader | ScriptLine[],
    /** Where the lines came from (file name or "stdin"), for error messages. */
    readonly source: string,
    /** Called when the script keeps a decision waiting (see above). */
    private readonly announce?: (d: Decision) => void,
  ) {
    this.reader = Array.isArray(lines) ? listReader(lines) : lines;
  }

  /** The next raw line; `onWait` is called when it is not there within WAIT_MS. */
  private async read(onWait: (() => void) | undefined): Promise<string | null> {
    const line = this.reader.next();
    if (!onWait || !this.reader.mayWait) return line;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), WAIT_MS);
    });
    try {
      const first = await Promise.race([line, late]);
      if (first !== 'late') return first;
    } finally {
      clearTimeout(timer);
    }
    onWait();
    return line;
  }

  /** The next meaningful line, waiting for it; null at the end of the script. */
  private async nextLine(onWait?: () => void): Promise<ScriptLine | null> {
    for (;;) {
      const raw = await this.read(onWait);
      if (raw === null) return null;
      this.lineNo++;
      const text = scriptText(raw);
      if (text) return { line: this.lineNo, text };
    }
  }

  async decide(_s: unknown, d: Decision): Promise<Answer> {
    let shown = false;
    const announce = this.announce;
    const l = await this.nextLine(
      announce &&
        (() => {
          if (shown) return;
          shown = true;
          announce(d);
        }),
    );
    if (!l) return { kind: 'end', shown };
    if (l.text.toLowerCase() === 'undo' && !d.options.some((o) => o.id === 'undo'))
      return { kind: 'undo', line: l.line, source: this.source };
    return { kind: 'choice', id: resolveLine(l.text, d), line: l.line, source: this.source };
  }

  /** Stops reading the script (the game is over or stopped). */
  close(): void {
    this.reader.close();
  }
}

/** A reader over lines already parsed (their numbers kept: the gaps are blank lines). */
function listReader(lines: ScriptLine[]): LineReader {
  const raw: string[] = [];
  for (const l of lines) {
    while (raw.length < l.line - 1) raw.push('');
    raw.push(l.text);
  }
  let i = 0;
  return { next: async () => (i < raw.length ? raw[i++] : null), close: () => {} };
}
