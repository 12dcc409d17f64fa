/**
 * What each person has seen, and what the terminal shows them.
 *
 * Two ways of showing a game:
 * - a transcript (stdout or stdin not a terminal: scripts, pipes, `> out.txt`, bot games): the log
 *   is printed as it happens, the board whenever it changed; nothing is cleared, nothing pauses;
 * - screens (a person at a terminal): at each of their decisions the layout of `layout.ts` (status,
 *   board, what happened since their last decision, the prompt), redrawn on resize; events that do
 *   not fit are paged. In hot-seat the screen is cleared between the players (`handOver`).
 *
 * Secrets (architecture.md): the log is public; the board is always drawn from the deciding side's
 * view; what a side sees of the log starts where its own last screen ended.
 */
import type { Decision, RenderContext } from '../engine/module.js';
import type { Session } from '../engine/runner.js';
import { painter } from './colour.js';
import { composeScreen, fitStatus, growList, pageLines, planScreen } from './layout.js';
import { renderLogLine } from './log.js';
import { cut, fitLines, menuRows, pressKey, printable, wrapText } from './prompts.js';
import { discard, withKeyboard } from './keyboard.js';
import { CLEAR, MIN_HEIGHT, MIN_WIDTH, onResize, screenHeight, screenWidth, visibleWidth } from './terminal.js';

/** Writes to stdout (a newline is added when missing). */
export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Thrown when a person presses Ctrl-C at a prompt. */
export class Stopped extends Error {}

/** True when inquirer reports that the player pressed Ctrl-C (or closed the terminal). */
export function isPromptExit(e: unknown): boolean {
  return e instanceof Error && (e.name === 'ExitPromptError' || e.name === 'AbortPromptError');
}

/** Awaits a person's prompt; Ctrl-C there becomes Stopped. */
export async function ask<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (isPromptExit(e)) throw new Stopped();
    throw e;
  }
}

/**
 * The key a pager's last page hands to the next menu's filter (PageOptions.carry): a printable key,
 * except the pager's own keys, q (stop) and b (back a page, even on a page with none before it).
 */
export function carriedKey(key: string): string {
  return printable(key) && key !== 'q' && key !== 'b' ? key : '';
}

/** How `Screen.page` shows its lines. */
export interface PageOptions {
  /** Open at the last page (the log: the latest first; b goes back). */
  fromEnd?: boolean;
  /**
   * A printable key pressed at the last page is kept for the menu shown next (its filter starts with
   * it): a key typed at the pager is never lost, and the keys typed after it (an Enter: the option it
   * typed is picked) reach the menu too (keyboard.ts).
   */
  carry?: boolean;
  /** Leave the last page on the screen, without waiting for a key there (the end of a game). */
  keep?: boolean;
  /**
   * The last `together` lines are never split between pages: they end the last page (the result of a
   * game, left on the screen under the final position's end, never half of it on the page before).
   */
  together?: number;
  /** Page at a terminal even when no person decides (a bot game watched there: its final position). */
  watched?: boolean;
}

/** What a decision screen needs besides the session. */
export interface DecisionScreen {
  /** The question's lines, the list's page size, and the lines above the prompt. */
  message: string;
  pageSize: number;
}

/**
 * The question, wrapped to `width`: at most five lines (a long one, such as a movement question that
 * names each figure's rate, used to lose its end at three); a question longer still ends in "...".
 */
export function promptLines(prompt: string, width: number): string[] {
  const lines = wrapText(prompt, width);
  if (lines.length <= 5) return lines;
  const kept = lines.slice(0, 5);
  kept[4] = `${kept[4].slice(0, Math.max(0, width - 4)).trimEnd()} ...`;
  return kept;
}

/** What the player leaving the keyboard in hot-seat is told to do (the last page's line, see pagerMessage). */
export function handOverLine(left: string, side: string): string {
  return `${left}: press a key, then hand the keyboard to ${side}`;
}

/**
 * The pager's line under page `i` of `n`: the page, its keys and, on the last page, `last` (what the
 * key does there: "Royalist: press a key, then hand the keyboard to Parliament"). Within `width`:
 * the page number is shortened ("2/2"), then left out, before `last` is cut (a hand-over lost the
 * end of the side's name at 80 columns, "hand the keyboard to Parli...").
 */
export function pagerMessage(i: number, n: number, last: string, width: number, stop = 'q to stop'): string {
  const back = i > 0 ? ', b back' : '';
  if (n === 1) return cut(`- ${last} -`, width);
  if (i < n - 1) return cut(`- page ${i + 1} of ${n}: a key for more${back}, ${stop} -`, width);
  const forms = [
    `- page ${n} of ${n}${back}: ${last} -`,
    `- ${n}/${n}${back}: ${last} -`,
    `- ${back.slice(2)}${back ? '; ' : ''}${last} -`,
  ];
  return cut(forms.find((f) => visibleWidth(f) <= width) ?? forms[forms.length - 1], width);
}

export class Screen {
  /** Transcript: log entries printed so far. Screens: not used. */
  shown: number;
  /** The human side at the keyboard (hot-seat). */
  holder: string | undefined;
  /** Log length each human side has seen on its screens. */
  private readonly seen: Record<string, number> = {};
  /** Lines a side has still to read before its next screen (forced steps of its own, in order). */
  private readonly notes: Record<string, string[]> = {};
  /** The state at each side's previous decision (for `ctx.previous`: what changed since). */
  private readonly before: Record<string, unknown> = {};
  /** Transcript: the board each side was last shown, and the phase, to print it only when it changed. */
  private readonly lastBoard: Record<string, string> = {};
  private lastPhase = '';
  private dirty = true;
  /** Why the game could not be saved, shown above every person's question until a save succeeds (game-loop.ts). */
  saveWarning: string | undefined;
  /** A key typed at the last pager, for the next menu's filter (see PageOptions.carry). */
  private carried = '';
  /** A page or a "press a key" screen was closed by a key since the last menu (see takePaged). */
  private paged = false;

  constructor(
    private session: Session,
    /** Colour; width and height are measured at each screen. */
    private readonly ctx: RenderContext,
    /** A person at a terminal (screens), or a transcript. */
    readonly interactive: boolean,
    /** Two or more persons at one keyboard. */
    readonly hotSeat: boolean,
    /** Log entries already printed or seen before the loop (a resume, prompted set-up rolls). */
    shown: number,
  ) {
    this.shown = shown;
  }

  /** The render context for now: the terminal's width (or COLUMNS), and optionally a height. */
  context(extra: Partial<RenderContext> = {}): RenderContext {
    return { ...this.ctx, width: screenWidth(), ...extra };
  }

  /** After an undo: the session that replaced the old one. */
  use(s: Session): void {
    this.session = s;
    this.shown = Math.min(this.shown, s.log.length);
    for (const k of Object.keys(this.seen)) this.seen[k] = Math.min(this.seen[k], s.log.length);
    this.dirty = true;
  }

  /** Marks the log up to `n` as seen by every human side (a resume shows the latest log once). */
  seenBy(sides: string[], n: number): void {
    for (const side of sides) this.seen[side] = n;
  }

  /** Transcript: prints the log entries up to index `n`. Screens: they wait for the side's next screen. */
  logTo(n: number): void {
    if (this.interactive) return;
    const ctx = this.context();
    for (; this.shown < n; this.shown++) write(renderLogLine(this.session.log[this.shown].entry, ctx));
    this.dirty = true;
  }

  /** A line for the transcript, or for `side`'s next screen. */
  note(side: string | undefined, text: string): void {
    if (!this.interactive || side === undefined) write(text);
    else (this.notes[side] ??= []).push(text);
  }

  /** Screens: the log up to `n` becomes part of what `side` has to read next (before later notes). */
  catchUp(side: string, n: number): void {
    if (!this.interactive) return this.logTo(n);
    const from = this.seen[side] ?? 0;
    if (n <= from) return;
    const ctx = this.context();
    const lines = this.session.log.slice(from, n).map((l) => renderLogLine(l.entry, ctx));
    (this.notes[side] ??= []).push(...lines);
    this.seen[side] = n;
  }

  /** What `side` has not read yet (of the log up to `upTo`): its notes and the log since its last screen, as lines. */
  unread(side: string, upTo = this.session.log.length): string[] {
    this.catchUp(side, upTo);
    return (this.notes[side] ?? []).flatMap((l) => l.split('\n'));
  }

  /** `side` has read everything up to now (or up to log entry `upTo`). */
  markRead(side: string, upTo = this.session.log.length): void {
    this.notes[side] = [];
    this.seen[side] = Math.max(this.seen[side] ?? 0, upTo);
  }

  /** Clears the screen (screens only). */
  clear(): void {
    if (this.interactive) process.stdout.write(CLEAR);
  }

  /** The key carried from the last pager (see PageOptions.carry), once: it is then forgotten. */
  takeCarried(): string {
    const carried = this.carried;
    this.carried = '';
    return carried;
  }

  /**
   * Whether a page (events, a hand-over, the log) was closed by a key since this was last asked: the
   * menu shown next then takes a lone Enter, typed ahead or not, for a tap meant for the pages
   * (MenuConfig.afterPage). Not when the last page carried a key (`carried`): the Enter typed with it picks.
   */
  takePaged(carried: string): boolean {
    const paged = this.paged && !carried;
    this.paged = false;
    return paged;
  }

  /** Waits for a key at a page or a "press a key" screen (the key pressed). */
  /** A key pressed at `message`, or null when the window was resized first (the caller draws its screen again). */
  private async pressed(message: string, width: number): Promise<string | null> {
    const resized = new AbortController();
    const stop = onResize(() => resized.abort());
    try {
      const key = await withKeyboard((input) => pressKey({ message, width }, { input, signal: resized.signal }));
      this.paged = true;
      return key;
    } catch (e) {
      if (resized.signal.aborted) return null;
      if (isPromptExit(e)) throw new Stopped();
      throw e;
    } finally {
      stop();
    }
  }

  /** A screen of one "press a key" line (a hand-over): drawn again when the window is resized, its size checked first. */
  private async pressedAlone(message: string): Promise<string> {
    for (;;) {
      await this.waitUntilFits();
      this.clear();
      const key = await this.pressed(message, screenWidth());
      if (key !== null) return key;
    }
  }

  /**
   * Screens: shows lines a page at a time (each line wrapped to the width at spaces), a key between
   * pages: b (or the up arrow) goes back a page, q stops, any other key goes on. Transcript: prints them.
   */
  async page(lines: string[], last = 'press a key to go on', opts: PageOptions = {}): Promise<void> {
    if (!this.interactive && !opts.watched) {
      write(lines.join('\n'));
      return;
    }
    await this.waitUntilFits();
    let height = screenHeight() ?? 24;
    let width = screenWidth();
    /** The pages for the terminal's size (made again when the window is resized between pages). */
    const paginate = () => {
      const all = lines.flatMap((l) => wrapText(l, width));
      // From the end: the last page is a full one (the short page is the first).
      const short = opts.fromEnd ? all.length % (height - 1) : 0;
      const made = short ? [all.slice(0, short), ...pageLines(all.slice(short), height - 1)] : pageLines(all, height - 1);
      if (!made.length) made.push([]);
      // Lines kept together that begin before the last page: the last page is then the last full page's
      // worth of lines, the pages before it made of the rest.
      const tail = opts.together ? lines.slice(-opts.together).flatMap((l) => wrapText(l, width)).length : 0;
      if (tail && tail <= height - 1 && made.at(-1)!.length < tail) {
        const cut = all.length - (height - 1);
        return [...pageLines(all.slice(0, cut), height - 1), all.slice(cut)];
      }
      return made;
    };
    let pages = paginate();
    let n = pages.length;
    let i = opts.fromEnd ? n - 1 : 0;
    this.carried = '';
    let typedAhead = false;
    for (;;) {
      // Resized while a page was read: too small is said so (and waited out), another size paged again.
      await this.waitUntilFits();
      if (screenWidth() !== width || (screenHeight() ?? 24) !== height) {
        const through = i / n;
        [width, height] = [screenWidth(), screenHeight() ?? 24];
        pages = paginate();
        n = pages.length;
        i = Math.min(n - 1, Math.floor(through * n));
      }
      this.clear();
      write(pages[i].join('\n'));
      const more = i < n - 1;
      // The end of a game stays on the screen, with no key to wait for.
      if (!more && opts.keep) return;
      const message = pagerMessage(i, n, last, width, opts.keep ? 'q to the end' : 'q to stop');
      const key = await this.pressed(message, width);
      // Resized while the page was read: the same page again, for the new size (or the size warning at once).
      if (key === null) continue;
      if (i > 0 && (key === 'b' || key === 'up' || key === 'pageup')) {
        i--;
        continue;
      }
      if (more && key !== 'q') {
        // A letter or digit that turned a page was typed ahead for the menu: none of it is carried
        // ("125" Enter typed at page 1 of 3 turned two pages and carried the "5": option 5 was picked).
        if (printable(key) && key !== ' ') typedAhead = true;
        i++;
        continue;
      }
      // q at the end of a game goes to its last page, which stays: the result and where the record is
      // (q in the final position left them unprinted).
      if (more && opts.keep) {
        i = n - 1;
        continue;
      }
      if (!more && opts.carry && !typedAhead) this.carried = carriedKey(key);
      break;
    }
    if (!opts.keep) this.clear();
  }

  /**
   * Screens: when the terminal is smaller than the layouts are made for (80x24), says so and waits
   * until it is made larger (a key checks again; Ctrl-C stops, the game saved), instead of drawing
   * a screen the terminal would wrap into noise.
   */
  async waitUntilFits(): Promise<void> {
    for (;;) {
      if (this.fits()) return;
      const cols = process.stdout.columns;
      const rows = process.stdout.rows;
      this.clear();
      write(
        wrapText(
          `This terminal is ${cols}x${rows}: Muster needs at least ${MIN_WIDTH}x${MIN_HEIGHT}. ` +
            'Make the window larger: the game goes on as soon as it fits (Ctrl-C saves the game and stops).',
          Math.max(10, cols - 1),
        ).join('\n'),
      );
      const controller = new AbortController();
      const stop = onResize(() => controller.abort());
      try {
        await withKeyboard((input) =>
          pressKey({ message: '(a key checks again)', width: Math.max(10, cols - 1) }, { input, signal: controller.signal }),
        );
      } catch (e) {
        if (!controller.signal.aborted) {
          if (isPromptExit(e)) throw new Stopped();
          throw e;
        }
      } finally {
        stop();
      }
    }
  }

  /** The terminal is at least 80x24 (or not a terminal: nothing to fit). */
  private fits(): boolean {
    const cols = process.stdout.columns;
    const rows = process.stdout.rows;
    return !this.interactive || !process.stdout.isTTY || !cols || !rows || (cols >= MIN_WIDTH && rows >= MIN_HEIGHT);
  }

  /**
   * Hot-seat: the person at the keyboard reads what their last choice led to (the log up to `upTo`:
   * where a forced step of the next side happened), the screen is cleared, and `side` takes the
   * keyboard. Nothing otherwise.
   */
  async handOver(side: string, upTo = this.session.log.length): Promise<void> {
    if (!this.hotSeat || this.holder === side) {
      this.holder = side;
      return;
    }
    // Keys typed ahead never cross a hand-over: those typed before it (meant for the player's own next
    // decision) do not answer its screens, and those typed at the leaving player's screens do not
    // answer the next player's "press a key when you have the keyboard" (nor its decision).
    discard();
    if (this.holder !== undefined) {
      const left = this.holder;
      const unread = this.unread(left, upTo);
      if (unread.length)
        await this.page([painter(this.ctx)('dim', `- what happened since ${left}'s last decision -`), ...unread], handOverLine(left, side));
      else await this.pressedAlone(`${handOverLine(left, side)}.`);
      this.markRead(left, upTo);
      discard();
    }
    await this.pressedAlone(`${side}: press a key when you have the keyboard.`);
    this.clear();
    this.holder = side;
  }

  /** Transcript: the board before a decision, whenever it changed for this side (a move, a card laid, a new phase). */
  showBoard(d: Decision): void {
    const board = this.session.render(d.side, this.context());
    if (this.dirty || d.phase !== this.lastPhase || board !== this.lastBoard[d.side]) {
      write('\n' + board + '\n');
      this.lastBoard[d.side] = board;
      this.dirty = false;
    }
    this.lastPhase = d.phase;
  }

  /** The status line: the game's tracks and phase (the module's `status`), and whose decision. */
  status(side: string, d: Decision, width: number): string {
    const s = this.session;
    const who = s.mod.sides.length > 1 ? ` | ${d.side} to decide` : '';
    const room = width - who.length;
    if (!s.mod.status) return fitStatus(`${s.mod.title} | ${d.phase}`, `${s.mod.title} | ${d.phase}`, room) + who;
    const view = s.view(side);
    // What the module fits to the room, unless it cut a part short: then whole parts are dropped from the end.
    return fitStatus(s.mod.status(view, room), s.mod.status(view, 1000), room) + who;
  }

  /** What the module calls its board ("map", "table"). */
  get boardName(): string {
    return this.session.mod.boardName ?? 'board';
  }

  /**
   * Screens: draws `side`'s decision screen above its prompt. `events` are the lines it has not read
   * (paged first when they do not fit, unless `paged` says they were already). Returns the question
   * and the list's page size for the prompt.
   */
  async drawDecision(d: Decision, items: number, events: string[], paged: boolean, heading = ''): Promise<DecisionScreen> {
    for (;;) {
      const drawn = await this.tryDrawDecision(d, items, events, paged, heading);
      if (drawn) return drawn;
      // The window was resized while the events were paged: drawn again for its size (or said too small).
      paged = true;
    }
  }

  /** drawDecision once: undefined when the terminal changed size while the events were paged. */
  private async tryDrawDecision(
    d: Decision,
    items: number,
    events: string[],
    paged: boolean,
    heading: string,
  ): Promise<DecisionScreen | undefined> {
    const s = this.session;
    await this.waitUntilFits();
    const width = screenWidth();
    const height = screenHeight() ?? 24;
    // The phase is on the status line; the question alone here, then what every option starts with.
    const message = [
      // (a few columns kept free at the end, for what the player types after the question)
      ...promptLines(s.mod.status ? d.prompt : `[${d.phase}] ${d.prompt}`, width - 6),
      // (two lines at most; a longer one ends in "...", never cut without the mark)
      ...(heading ? fitLines(heading, width, 2) : []),
    ].join('\n');
    const msgLines = message.split('\n').length;
    const plan = planScreen(height, msgLines, items, events.length);
    const previous = this.before[d.side] === undefined ? undefined : this.session.mod.view(this.before[d.side], d.side, this.session.rules);
    const ctx = this.context({ height: plan.boardRows, previous });
    const board = this.session.render(d.side, ctx).split('\n');
    const composed = composeScreen({
      width,
      height,
      status: this.status(d.side, d, width),
      board,
      events,
      promptRows: menuRows(msgLines, plan.pageSize),
      boardName: this.boardName,
    });
    if (composed.pages.length && !paged) {
      await this.page(
        [painter(this.ctx)('dim', `- what happened since ${d.side}'s last decision -`), ...composed.pages.flat()],
        'press a key: the rest is on your decision screen',
        { carry: true },
      );
      // (screenWidth and screenHeight never go below 80x24: a window made smaller is seen by fits())
      if (!this.fits() || screenWidth() !== width || (screenHeight() ?? 24) !== height) return undefined;
    }
    this.clear();
    write(composed.lines.join('\n'));
    return { message, pageSize: growList(height, msgLines, plan.pageSize, composed.lines.length, items) };
  }

  /** Remembers the state at `side`'s decision (or `state`: a resume's, replayed), to mark what changed at its next one. */
  remember(side: string, state: unknown = structuredClone(this.session.state)): void {
    this.before[side] = state;
  }
}
