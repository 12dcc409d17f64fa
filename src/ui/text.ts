/**
 * Text that fits a width: lines wrapped at spaces (a word longer than the width is broken), measured in
 * visible columns (colour codes and wide characters counted right) by wrap-ansi. A line's leading
 * spaces are kept, on its continuation lines too. Every wrap in the project goes through here.
 */
import wrapAnsi from 'wrap-ansi';

/** `text` (newlines kept) in lines of at most `width` visible columns. */
export function wrapWords(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => {
    const indent = /^ */.exec(line)![0];
    const room = Math.max(1, width - indent.length);
    return wrapAnsi(line.slice(indent.length), room, { hard: true, trim: true })
      .split('\n')
      .map((l) => indent + l);
  });
}
