/**
 * Text that fits a width: lines wrapped at spaces (a word longer than the width is broken), measured in
 * visible columns (colour codes and wide characters counted right) by fast-wrap-ansi and
 * fast-string-width (wrap-ansi's API; string-width and wrap-ansi compile their emoji patterns when
 * loaded, a fifth of `muster list`'s start-up). A line's leading
 * spaces are kept, on its continuation lines too (also when colour codes come before them); a line
 * that fits is left as it is. Every wrap in the project goes through here.
 */
import stringWidth from 'fast-string-width';
import stripAnsi from 'strip-ansi';
import { wrapAnsi } from 'fast-wrap-ansi';

/** `text` (newlines kept) in lines of at most `width` visible columns. */
export function wrapWords(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => {
    if (stringWidth(line) <= width) return [line];
    // The indentation, and the colour codes before it (codes hold no blank: the first run of blanks is it).
    const indent = /^ */.exec(stripAnsi(line))![0];
    const at = indent ? line.indexOf(indent) : 0;
    const room = Math.max(1, width - indent.length);
    return wrapAnsi(line.slice(0, at) + line.slice(at + indent.length), room, { hard: true, trim: true })
      .split('\n')
      .map((l) => indent + l);
  });
}

/** A count and its noun, singular for 1: plural(1, 'Region') = "1 Region", plural(3, 'City', 'Cities') = "3 Cities". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
