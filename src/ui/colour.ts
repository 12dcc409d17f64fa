/**
 * Colour helpers. Every colour the project prints goes through `painter(ctx)`, so `--no-color`,
 * NO_COLOR and non-terminal output give plain text and the same transcript byte for byte.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import stripAnsiCodes from 'strip-ansi';
import type { RenderContext } from '../engine/module.js';

const plain = new Chalk({ level: 0 });
const rich = new Chalk({ level: 1 });

/** Names of the colours modules may ask for (basic 16-colour ANSI only, so every terminal agrees). */
export type Tone =
  | 'red'
  | 'orange'
  | 'green'
  | 'blue'
  | 'yellow'
  | 'grey'
  | 'white'
  | 'cyan'
  | 'magenta'
  | 'bold'
  | 'dim'
  | 'good'
  | 'bad'
  | 'roll'
  | 'phase'
  | 'event';

/** A painter: `p('red', text)` returns text coloured when colour is on, the text itself otherwise. */
export type Painter = (tone: Tone, text: string) => string;

function style(c: ChalkInstance, tone: Tone): (s: string) => string {
  switch (tone) {
    case 'red':
      return c.red;
    case 'orange':
      return c.yellow; // 16-colour terminals have no orange: yellow stands in
    case 'green':
      return c.green;
    case 'blue':
      return c.blueBright;
    case 'yellow':
      return c.yellowBright;
    case 'grey':
      return c.gray;
    case 'white':
      return c.whiteBright;
    case 'cyan':
      return c.cyan;
    case 'magenta':
      return c.magenta;
    case 'bold':
      return c.bold;
    case 'dim':
      return c.dim;
    case 'good':
      return c.green;
    case 'bad':
      return c.red;
    case 'roll':
      return c.cyan;
    case 'phase':
      return c.bold.underline;
    case 'event':
      return c.magenta;
  }
}

/** Returns a painter for the render context (plain when `ctx.color` is false). */
export function painter(ctx: RenderContext): Painter {
  const c = ctx.color ? rich : plain;
  return (tone, text) => (ctx.color ? style(c, tone)(text) : text);
}

/** Removes ANSI colour codes (for measuring widths and for plain transcripts). */
export function stripAnsi(s: string): string {
  return stripAnsiCodes(s);
}

/** Pads `s` to `width` visible columns (ANSI codes do not count). */
export function padVisible(s: string, width: number): string {
  const len = stripAnsi(s).length;
  return len >= width ? s : s + ' '.repeat(width - len);
}
