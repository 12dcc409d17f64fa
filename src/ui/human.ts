/**
 * The human decider: a person at a terminal. At each decision it draws the screen (screen.ts,
 * layout.ts) and asks with the `menu` prompt (prompts.ts). Besides the game's options the menu
 * offers: show the board (the module's name for it: map, table), show the log, undo, save, save as,
 * rules help, quit.
 *
 * The prompts are loaded lazily, so commands without a person start fast.
 */
import type { Decision } from '../engine/module.js';
import type { Session } from '../engine/runner.js';
import type { Answer, Decider, DecisionContext } from '../engine/deciders/types.js';
import { numberedOptions } from '../engine/option-numbers.js';
import { renderLogLine } from './log.js';
import type { MenuItem } from './prompts.js';
import { withKeyboard } from './keyboard.js';
import { ask, isPromptExit, Stopped, type Screen } from './screen.js';
import { onResize, screenWidth } from './terminal.js';
import { wrapWords as wrapText } from './text.js';

export { isPromptExit } from './screen.js';

const META = {
  board: '@board',
  log: '@log',
  undo: '@undo',
  save: '@save',
  saveAs: '@save-as',
  help: '@help',
  quit: '@quit',
} as const;

/** Marks a prompt that was redrawn because the terminal changed size. */
const RESIZED = '@resized';

type Prompts = typeof import('./prompts.js');
let promptsP: Promise<Prompts> | undefined;
function prompts(): Promise<Prompts> {
  promptsP ??= import('./prompts.js');
  return promptsP;
}

type Inquirer = typeof import('inquirer').default;
let inquirerP: Promise<Inquirer> | undefined;
/** inquirer, for typed answers (a file name). */
export function inquirer(): Promise<Inquirer> {
  inquirerP ??= import('inquirer').then((m) => m.default);
  return inquirerP;
}

export class HumanDecider implements Decider {
  readonly kind = 'human';
  private screen: Screen | undefined;

  /** The play loop's screen, which the decider draws on. */
  attach(screen: Screen): void {
    this.screen = screen;
  }

  async decide(s: Session, d: Decision, context: DecisionContext): Promise<Answer> {
    const screen = this.screen;
    if (!screen) throw new Error('HumanDecider: no screen attached');
    const { menu } = await prompts();
    const board = screen.boardName;
    // Words every option starts with ("Move Green Guerrilla u12 (...) to ...") are said once, on a
    // line of their own above the options (never hidden: the line says what the options do); each
    // option's line shows what differs, and its whole text shows under the list when it is cut.
    const common = commonStart(d.options.map((o) => o.label));
    const heading = common ? `${common.trimEnd()} ...` : '';
    // Each option under the number that picks it (its place, unless the game keeps numbers stable
    // while an action is built: option-numbers.ts), in the order of the numbers.
    const options: MenuItem[] = numberedOptions(d).map(({ number, option: o }) => ({
      name: `${String(number).padStart(2)}. ${common ? '...' + o.label.slice(common.length) : o.label}`,
      value: o.id,
      description: `id: ${o.id}`,
      number,
      full: `${number}. ${o.label}`,
    }));
    const extras: MenuItem[] = [
      { name: `Show ${board}`, value: META.board, description: `the whole ${board}` },
      { name: 'Show log', value: META.log, description: 'everything that happened, a page at a time' },
      {
        name: context.canUndo ? 'Undo your last decision' : 'Undo (not possible now)',
        value: META.undo,
        description: 'only your own latest decision, while no one answered it and no die or secret was shown since',
      },
      { name: 'Save', value: META.save, description: 'the game is also saved after every decision' },
      { name: 'Save as...', value: META.saveAs, description: 'save to a new file, and go on saving there' },
      { name: 'Rules help', value: META.help, description: 'the rules for this decision' },
      screen.saveWarning
        ? { name: 'Quit (the game is saved in a new file)', value: META.quit, description: 'its save failed: the exit names the file' }
        : { name: 'Quit (the game is saved)', value: META.quit, description: 'continue it later with resume' },
    ];
    const events = screen.unread(d.side);
    let paged = false;
    let note: string | undefined;
    for (;;) {
      const drawn = await screen.drawDecision(d, options.length + extras.length, events, paged, heading);
      paged = true;
      // A note (why undo is refused) goes above the question, wrapped, and takes rows from the list;
      // so does a save that failed, at every screen until a save succeeds.
      const noteLines = [screen.saveWarning, note].flatMap((n) => (n ? wrapText(n, screenWidth()) : []));
      const message = [...noteLines, drawn.message].join('\n');
      note = undefined;
      const carried = screen.takeCarried();
      const v = await this.ask(() => menu, {
        message,
        options,
        extras,
        pageSize: Math.max(1, drawn.pageSize - noteLines.length),
        width: screenWidth(),
        ctx: screen.context(),
        initial: carried,
        afterPage: screen.takePaged(carried),
        unmatched: d.unmatched ? (t) => d.unmatched!(t) : undefined,
      });
      const back = 'press a key to go back to your decision';
      switch (v) {
        case RESIZED:
          continue;
        case META.board:
          // The key that closes a page the player opened only goes back (it is not typed into the
          // filter: a newcomer's "x" to close Rules help, then "9", read "x9").
          await screen.page(s.render(d.side, screen.context()).split('\n'), back);
          continue;
        case META.log: {
          // The latest page first: what just happened is what the player looks for (b goes back).
          const ctx = screen.context();
          await screen.page(
            s.log.flatMap((l) => renderLogLine(l.entry, ctx).split('\n')),
            back,
            { fromEnd: true },
          );
          continue;
        }
        case META.help:
          await screen.page(s.help().split('\n'), back);
          continue;
        case META.undo:
          if (!context.canUndo) {
            note = context.undoRefusal ?? 'Nothing to undo here.';
            continue;
          }
          screen.markRead(d.side);
          return { kind: 'undo' };
        case META.save:
          // What happened was read on this screen: after the save only its message is new.
          screen.markRead(d.side);
          return { kind: 'save' };
        case META.saveAs: {
          const path = await this.askPath();
          if (!path) continue;
          screen.markRead(d.side);
          return { kind: 'save', path };
        }
        case META.quit:
          return { kind: 'quit' };
        default:
          screen.markRead(d.side);
          screen.remember(d.side);
          return { kind: 'choice', id: v };
      }
    }
  }

  /** Runs a menu; a resize of the terminal ends it with RESIZED (the screen is then redrawn). */
  private async ask(get: () => Prompts['menu'], config: Parameters<Prompts['menu']>[0]): Promise<string> {
    const controller = new AbortController();
    let resized = false;
    const stop = onResize(() => {
      resized = true;
      controller.abort();
    });
    try {
      return await withKeyboard((input) => get()(config, { input, signal: controller.signal }));
    } catch (e) {
      if (resized) return RESIZED;
      if (isPromptExit(e)) throw new Stopped();
      throw e;
    } finally {
      stop();
    }
  }

  /** Asks for a file name to save to (empty: never mind). */
  private async askPath(): Promise<string | undefined> {
    const inq = await inquirer();
    const { v } = await ask(() =>
      withKeyboard((input) =>
        inq.createPromptModule({ input })<{ v: string }>([
          { type: 'input', name: 'v', message: 'Save as (file name; empty to go back):' } as never,
        ]),
      ),
    );
    return v.trim() || undefined;
  }
}

/** The words all labels start with, when they are long enough to be worth saying once (else ""). */
export function commonStart(labels: string[]): string {
  if (labels.length < 2) return '';
  let n = 0;
  const first = labels[0];
  while (n < first.length && labels.every((l) => l[n] === first[n])) n++;
  const cut = first.lastIndexOf(' ', n - 1);
  return cut >= 20 ? first.slice(0, cut + 1) : '';
}
