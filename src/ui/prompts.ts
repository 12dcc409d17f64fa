/**
 * The prompts a person answers at the terminal, built on @inquirer/core (the engine under inquirer):
 *
 * - `menu`: the decision's options and the game menu. Arrow keys move, Enter picks, typing filters.
 *   Filtering is synchronous and Enter reads the text typed so far, so `3`+Enter or the start of an
 *   option's text + Enter typed in one burst (a paste, a fast typist) picks exactly that option.
 *   (inquirer's search prompt filters asynchronously: an Enter arriving before the filter has run
 *   picked the first option.)
 * - `pressKey`: waits for any key (hand-overs, pages of events).
 *
 * Every line is cut to the width, so the prompt never wraps and the rows it takes are known in
 * advance (the layout counts on it: `menuRows`).
 */
import {
  createPrompt,
  isDownKey,
  isEnterKey,
  isTabKey,
  isUpKey,
  useEffect,
  useKeypress,
  useRef,
  useState,
  type KeypressEvent,
} from '@inquirer/core';
import { painter, stripAnsi } from './colour.js';
import type { RenderContext } from '../engine/module.js';
import { visibleWidth } from './terminal.js';

/** One line of a menu. `number` is the 1-based number of a decision's option (typed to pick it). */
export interface MenuItem {
  name: string;
  value: string;
  /** Shown under the list while the item is the active one. */
  description?: string;
  number?: number;
  /** The item's whole text, shown under the list while it is active and its line is cut (default: `name`). */
  full?: string;
}

export interface MenuConfig {
  /** The question; may hold several lines (each within the width). */
  message: string;
  /** The decision's options (numbered). */
  options: MenuItem[];
  /** The game menu (show board, log, undo, save, …), after the options. */
  extras: MenuItem[];
  /** Lines the list may take. */
  pageSize: number;
  width: number;
  ctx: RenderContext;
  /**
   * Text the player typed before the menu showed (a key pressed at the pager just before it): the
   * filter starts with it, so "6" at the pager and Enter at the menu pick option 6.
   */
  initial?: string;
  /** Why typed text matches no option, when the game knows (Decision.unmatched). */
  unmatched?: (typed: string) => string | undefined;
  /**
   * The menu follows a page closed by a key (events, a hand-over, the log): an Enter with nothing
   * typed and the arrows not moved picks nothing (taps too many at the pages: a newcomer discarded
   * two cards so); it says to type a number or move with the arrows first.
   */
  afterPage?: boolean;
}

/** Lines under the list: the active option's whole text or id, or an error. */
const UNDER = 2;

/** Rows a menu takes on the screen: its message, the list, and the lines under it. */
export function menuRows(messageLines: number, pageSize: number): number {
  return messageLines + pageSize + UNDER;
}

/**
 * The items a typed text keeps, best first: the number of an option keeps that option alone; other
 * text (a number no option has, such as a hex id "0305" shown in a label, is text) keeps the options
 * whose text (the words shown, the whole label, or the id) starts with it, then those that contain
 * it, then menu entries. When the game keeps numbers stable while an action is built, a number left
 * out below the highest (an option taken away, "3" after unit 3 joined) keeps nothing: never another
 * option whose words hold that digit.
 */
export function filterMenu(options: MenuItem[], extras: MenuItem[], term: string): MenuItem[] {
  const t = term.trim().toLowerCase();
  if (!t) return [...options, ...extras];
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    const numbered = options.filter((o) => o.number === n);
    if (numbered.length) return numbered;
    if (n >= 1 && n <= highest(options)) return [];
  }
  const words = (x: string) =>
    stripAnsi(x)
      .replace(/^\s*\d+\.\s*/, '')
      .replace(/^\.\.\./, '')
      .toLowerCase();
  const text = (o: MenuItem) => [words(o.name), ...(o.full ? [words(o.full)] : []), o.value.toLowerCase()];
  const starts = options.filter((o) => text(o).some((x) => x.startsWith(t)));
  // Options that contain the text: those whose id holds it first, then by where the words shown hold
  // it, earliest first ("0705" puts "To 0705, 3 hexes" before "To 0704, 4 hexes by 0506 0606 0705").
  // (At the start of a word only, as the README says: "ss" found Pass, and "possible" in a menu entry.)
  const where = (o: MenuItem) =>
    atWord(o.value.toLowerCase(), t) >= 0 ? -1 : Math.min(...text(o).map((x) => (atWord(x, t) >= 0 ? atWord(x, t) : Infinity)));
  const contains = options
    .filter((o) => !starts.includes(o) && text(o).some((x) => atWord(x, t) >= 0))
    .map((o, k) => ({ o, k, at: where(o) }))
    .sort((a, b) => a.at - b.at || a.k - b.k)
    .map((x) => x.o);
  // Then the options whose words the typed words start, in order, punctuation and brackets aside
  // ("fire and movement cautious" for "Fire and Movement (movers: Cautious Move)").
  const typedWords = wordsOf(t);
  const byWords = options.filter(
    (o) => !starts.includes(o) && !contains.includes(o) && text(o).some((x) => startsWordsInOrder(typedWords, wordsOf(x))),
  );
  const menu = extras.filter((e) => text(e).some((x) => atWord(x, t) >= 0));
  return [...starts, ...contains, ...byWords, ...menu];
}

/** Where `t` stands in `x` at the start of a word (no letter or digit before it), or -1. */
function atWord(x: string, t: string): number {
  for (let i = x.indexOf(t); i >= 0; i = x.indexOf(t, i + 1)) if (i === 0 || !/[\p{L}\p{N}]/u.test(x[i - 1])) return i;
  return -1;
}

/** The words of a text: its runs of letters and digits. */
const wordsOf = (x: string) => x.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Each typed word starts one of `words`, in order (a word of the label is used once). */
function startsWordsInOrder(typed: string[], words: string[]): boolean {
  if (!typed.length) return false;
  let at = 0;
  for (const t of typed) {
    while (at < words.length && !words[at].startsWith(t)) at++;
    if (at === words.length) return false;
    at++;
  }
  return true;
}

const highest = (options: MenuItem[]) => Math.max(0, ...options.map((o) => o.number ?? 0));

/** What numbers may be typed: "a number from 1 to 7", or "one of the numbers 2, 6, 7" when some are left out. */
export function numbersHint(options: MenuItem[]): string {
  const ns = options.map((o) => o.number).filter((n): n is number => n !== undefined);
  if (ns.length === highest(options)) return `a number from 1 to ${ns.length}`;
  return `one of the numbers ${[...ns].sort((a, b) => a - b).join(', ')}`;
}

/** Cuts `s` to `width` visible columns, ending in "..." when cut. Colours are dropped from a cut line. */
export function cut(s: string, width: number): string {
  if (visibleWidth(s) <= width) return s;
  const plain = stripAnsi(s);
  let out = '';
  for (const ch of plain) {
    if (visibleWidth(out + ch) > width - 3) break;
    out += ch;
  }
  return out + '...';
}

import { wrapWords as wrapText } from './text.js';
export { wrapText };

/**
 * `text` wrapped at spaces within `rows` lines of `width` columns. Text that needs more ends in "..."
 * where it is cut: the last line takes up all that is left (the lines joined), so nothing is ever
 * dropped without the mark (a text of several lines lost its fourth, silently).
 */
export function fitLines(text: string, width: number, rows: number): string[] {
  const lines = wrapText(text, width);
  if (lines.length <= rows) return lines;
  const kept = lines.slice(0, Math.max(0, rows - 1));
  const rest = lines
    .slice(kept.length)
    .map((l) => l.trim())
    .join(' ');
  return [...kept, cut(rest, width)];
}

/** The visible window of `count` items of at most `size` rows that keeps `active` in view. */
function window(count: number, active: number, size: number): [number, number] {
  if (count <= size) return [0, count];
  const start = Math.min(Math.max(0, active - Math.floor(size / 2)), count - size);
  return [start, start + size];
}

export const menu = createPrompt<string, MenuConfig>((config, done) => {
  const p = painter(config.ctx);
  const [term, setTerm] = useState(config.initial ?? '');
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<MenuItem | undefined>(undefined);
  // Why the last Enter picked nothing although the list was there (see MenuConfig.afterPage).
  const [held, setHeld] = useState<string | undefined>(undefined);
  // The text typed so far, read by Enter even when the keys came in one burst.
  const typed = useRef(config.initial ?? '');
  // Guarding against Enters meant for the page before, until a key other than Enter or Space.
  // Also after an Enter that matched nothing: a second Enter, to dismiss the message, picked option 1.
  const guard = useRef<'page' | 'cleared' | null>(config.afterPage ? 'page' : null);
  const list = filterMenu(config.options, config.extras, term);
  /** The filter emptied (Escape; an Enter that matched nothing): the next key starts a new text. */
  const clearFilter = (rl: { clearLine(dir: 0): void }) => {
    rl.clearLine(0);
    typed.current = '';
    setTerm('');
    setActive(0);
  };
  // A key carried from the pager is in the line being edited, as if typed here (backspace removes it).
  // Enter: the option the text typed so far keeps first (or the one the arrows moved to).
  const submit = (rl: { write(text: string): void; clearLine(dir: 0): void }, at: number) => {
    const t = typed.current.trim();
    if (guard.current && !t) {
      typed.current = '';
      const first = list[0]?.number;
      const why =
        guard.current === 'page'
          ? 'Enter right after a page picks nothing (it only closes the page)'
          : 'Enter with nothing typed picks nothing after a miss';
      setError(undefined);
      setHeld(`${why}: type a number${first ? ` (${first} for the first option)` : ''} or words, or move with the arrows, then Enter.`);
      return;
    }
    const items = filterMenu(config.options, config.extras, typed.current);
    const pick = items[Math.min(at, items.length - 1)];
    if (!pick) {
      const why = config.unmatched?.(t);
      // The text is cleared: the next answer typed is not added to it ("kerrypass").
      setError(`nothing matches "${t}" (cleared): ${why ?? `type ${numbersHint(config.options)}, or words of an option`}`);
      clearFilter(rl);
      guard.current = 'cleared';
      return;
    }
    setChosen(pick);
    done(pick.value);
  };
  useEffect((rl) => {
    if (config.initial) rl.write(config.initial);
  }, []);

  useKeypress((key: KeypressEvent, rl) => {
    if (isEnterKey(key)) {
      submit(rl, active);
      return;
    }
    // A Space (another key that closes pages) with nothing typed still guards.
    if (!(key.name === 'space' && !rl.line.trim())) guard.current = null;
    setHeld(undefined);
    if (isUpKey(key) || isDownKey(key)) {
      rl.clearLine(0);
      rl.write(typed.current);
      const n = list.length;
      if (n) setActive(Math.max(0, Math.min(n - 1, active + (isUpKey(key) ? -1 : 1))));
      return;
    }
    // Tab does nothing (readline put it in the line, unseen: three Backspaces left "m" of "mov").
    if (isTabKey(key)) {
      rl.clearLine(0);
      rl.write(typed.current);
      return;
    }
    setError(undefined);
    // Escape empties the filter.
    if (key.name === 'escape') {
      clearFilter(rl);
      return;
    }
    // Escape and a key typed quickly after it arrive as one Alt+key (the terminal cannot tell them
    // apart): the filter is emptied and the key starts the new text (a newcomer's "d" after Escape vanished).
    const raw = key as KeypressEvent & { meta?: boolean; sequence?: string }; // readline's key has both
    const seq = raw.sequence ?? '';
    const alt = raw.meta && seq.length === 2 && seq.charCodeAt(0) === 27 && /^[!-~]$/.test(seq[1]) ? seq[1] : undefined;
    if (alt !== undefined) {
      clearFilter(rl);
      rl.write(alt);
      typed.current = rl.line;
      setTerm(rl.line);
      return;
    }
    typed.current = rl.line;
    setTerm(rl.line);
    setActive(0);
  });

  const w = config.width;
  if (chosen) return cut(`${p('bold', '>')} ${stripAnsi(chosen.name).trim()}`, w);
  const header = config.message.split('\n').map((l) => cut(l, w));
  // The typed text after the question's last line, its end kept when the line has no room for all of it.
  const room = w - visibleWidth(header[header.length - 1]) - 1;
  const shown = visibleWidth(term) <= room ? term : room > 3 ? '...' + [...term].slice(-(room - 3)).join('') : '';
  if (shown) header[header.length - 1] += ' ' + p('cyan', shown);
  const [from, to] = window(list.length, active, config.pageSize);
  const rows: string[] = [];
  for (let i = from; i < to; i++) {
    const it = list[i];
    const line = cut(`${i === active ? '>' : ' '} ${it.name}`, w);
    rows.push(i === active ? p('cyan', line) : line);
  }
  // Lines, not options: the game menu's entries (Show map, Save, ...) are in the list without numbers, and
  // "1-5 of 22" beside "type a number from 1 to 15" read as 22 options to a newcomer.
  const more = list.length > config.pageSize ? ` (${from + 1}-${to} of ${list.length} lines: arrows scroll)` : '';
  const cur = list[Math.min(active, list.length - 1)];
  // Under the list: an error, or the active option's whole text when its line was cut, or its id.
  // Typed text that keeps nothing says so at once (a newcomer saw the list vanish without a word).
  const none =
    !error && !list.length && term.trim()
      ? `nothing matches "${term.trim()}" (Backspace to edit): type ${numbersHint(config.options)}, or words of an option`
      : undefined;
  const under = error
    ? p('bad', error)
    : held
      ? held
      : none
        ? none
        : cur && visibleWidth(cur.name) + 2 > w
          ? stripAnsi(cur.full ?? cur.name).trim()
          : `${cur?.description ?? ''}${more}`;
  // Text longer than the lines under the list ends in "..." where it is cut (never cut without a sign).
  const underLines = fitLines(stripAnsi(under), w, UNDER);
  if (error) underLines.splice(0, underLines.length, ...underLines.map((l) => p('bad', l)));
  return [header.join('\n'), [...rows, ...underLines.map((l) => (error ? l : held ? p('bold', l) : p('dim', l)))].join('\n')];
});

/**
 * Waits for a key (any key; Enter included) and returns it: the character typed for a printable key
 * ("6", "q", "B"), else the key's name ("return", "space", "up"). Keys typed after it in the same burst
 * (`3` then Enter, pasted) wait for the next prompt (keyboard.ts).
 */
export const pressKey = createPrompt<string, { message: string; width: number }>((config, done) => {
  const [pressed, setPressed] = useState(false);
  useKeypress((key: KeypressEvent) => {
    const seq = (key as KeypressEvent & { sequence?: string }).sequence;
    setPressed(true);
    done(seq !== undefined && printable(seq) ? seq : (key.name ?? ''));
  });
  return pressed ? '' : cut(config.message, config.width);
});

/** A single printable character other than a blank (what a key carried into a menu's filter may be). */
export function printable(key: string): boolean {
  return [...key].length === 1 && /^[^\s\p{C}]$/u.test(key);
}

/**
 * A line of text typed after `message` (replay --step's commands), read from the keyboard queue
 * (keyboard.ts): keys typed ahead, while a page was open, are its first keys. `initial` starts the
 * line (a key that closed the page before it). Enter answers; the line is left on the screen. One of
 * `keys` typed as the line's first key answers at once, without Enter (replay --step's q, m and b).
 */
export const lineInput = createPrompt<string, { message: string; initial?: string; keys?: string[] }>((config, done) => {
  const [value, setValue] = useState('');
  const [answered, setAnswered] = useState(false);
  useEffect((rl) => {
    if (config.initial) {
      rl.write(config.initial);
      setValue(rl.line);
    }
  }, []);
  useKeypress((key: KeypressEvent, rl) => {
    if (answered) return;
    if (isEnterKey(key)) {
      // readline has emptied rl.line by the time Enter is seen: the line is the one kept.
      setAnswered(true);
      done(value);
      return;
    }
    if (value === '' && config.keys?.includes(rl.line)) {
      setValue(rl.line);
      setAnswered(true);
      done(rl.line);
      return;
    }
    setValue(rl.line);
  });
  return `${config.message}${value}`;
});
