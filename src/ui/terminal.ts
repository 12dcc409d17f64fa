/**
 * The terminal the game is played in: whether it is one at all, its size, and how to clear it.
 *
 * Size comes from Node's tty API (`process.stdout.columns`/`rows`, and its 'resize' event), which is
 * what terminal-size libraries read first too; when stdout is not a terminal there is no size to
 * measure, and `COLUMNS` sets the width (default 100) so scripts and tests can ask for 80.
 */
import stringWidth from 'fast-string-width';

/** The narrowest screen the layouts are made for. */
export const MIN_WIDTH = 80;
export const MIN_HEIGHT = 24;
/** Width used when stdout is not a terminal and COLUMNS is not set. */
export const DEFAULT_WIDTH = 100;

/**
 * A game is interactive only when a person can both read the screen and type: stdin and stdout are
 * terminals. `play … > out.txt` at a terminal is a scripted game (no escape codes in the file).
 */
export function isInteractive(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

/** Columns to draw for: the terminal's (at least 80), else `COLUMNS`, else 100. */
export function screenWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns) return Math.max(MIN_WIDTH, process.stdout.columns);
  const env = Number(process.env.COLUMNS);
  return Number.isInteger(env) && env > 0 ? Math.max(MIN_WIDTH, env) : DEFAULT_WIDTH;
}

/**
 * Columns a message may take: the terminal's own width even when it is below 80 (a window too small for
 * the game screens still gets its messages unwrapped by the terminal), else as screenWidth.
 */
export function messageWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns) return Math.max(20, process.stdout.columns);
  return screenWidth();
}

/** Rows of the terminal, or undefined when stdout is not one (no limit: nothing is paged). */
export function screenHeight(): number | undefined {
  return process.stdout.isTTY && process.stdout.rows ? Math.max(MIN_HEIGHT, process.stdout.rows) : undefined;
}

/** Clears the screen and its scroll-back, cursor at the top. */
export const CLEAR = '\x1b[2J\x1b[3J\x1b[H';

/** Visible columns of a string (ANSI colours do not count; wide characters count two). */
export function visibleWidth(s: string): number {
  return stringWidth(s);
}

/** Lines of `text` that are wider than `width` (for tests and checks). */
export function overlongLines(text: string, width: number): string[] {
  return text.split('\n').filter((l) => visibleWidth(l) > width);
}

/**
 * Calls `f` whenever the terminal is resized, until the returned function is called. Several
 * resize events in quick succession (a window being dragged) call it once.
 */
export function onResize(f: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const h = () => {
    clearTimeout(timer);
    timer = setTimeout(f, 60);
  };
  process.stdout.on('resize', h);
  return () => {
    clearTimeout(timer);
    process.stdout.off('resize', h);
  };
}
