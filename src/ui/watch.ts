/**
 * Watching bots play at a terminal (`play GAME --bot NAME`, or any game with no person in it, run
 * at a terminal): each bot decision is shown on the decision screen a person would see (status,
 * board, what happened since that side's last decision), with the bot's choice marked in the list
 * of options, and waits for a key: Enter or Space goes on to the next decision, l shows the log (as
 * "Show log" does for a person), r runs on to the end without stopping, q stops (the game is saved;
 * Ctrl-C too). Events that do not fit are paged first, as for a person: l or r pressed at their
 * last page acts at once; any other key there only closes the page.
 *
 * Scripts and pipes never get here (play.ts: only when stdin and stdout are a terminal and no
 * --moves is given), and a bot playing against a person is not watched: its moves reach the person
 * as events (game-loop.ts).
 */
import type { Answer, Decider, DecisionContext } from '../engine/deciders/types.js';
import type { Decision } from '../engine/module.js';
import type { Session } from '../engine/runner.js';
import { numberedOptions } from '../engine/option-numbers.js';
import { painter } from './colour.js';
import { renderLogLine } from './log.js';
import { withKeyboard } from './keyboard.js';
import { cut, pressKey } from './prompts.js';
import { ask, write, type Screen } from './screen.js';
import { screenWidth } from './terminal.js';
import { wrapWords } from './text.js';

/** The keys of a watched decision, as the screen says them. */
export const WATCH_KEYS = 'Enter/Space: next decision, l: log, r: run on to the end, q: stop (saved)';

/** The keys of the watch screen that a key pressed at the last page of events is taken for. */
const CARRIED_KEYS = ['l', 'r'];

/** What the watched bots share: the screen they draw on, and whether the watcher asked to run on. */
export class Watch {
  screen: Screen | undefined;
  /** r was pressed: the bots play on to the end without stopping. */
  runningOn = false;

  attach(screen: Screen): void {
    this.screen = screen;
  }
}

/** A bot's decisions, each shown at the terminal and stepped through with a key. */
export class WatchedBot implements Decider {
  readonly kind: string;

  constructor(
    private readonly bot: Decider,
    private readonly name: string,
    readonly watch: Watch,
  ) {
    this.kind = bot.kind;
  }

  async decide(s: Session, d: Decision, context: DecisionContext): Promise<Answer> {
    const ans = await this.bot.decide(s, d, context);
    const screen = this.watch.screen;
    if (ans.kind !== 'choice' || this.watch.runningOn || !screen) return ans;
    const p = painter(screen.context());
    const numbered = numberedOptions(d);
    const at = Math.max(
      0,
      numbered.findIndex((x) => x.option.id === ans.id),
    );
    const events = screen.unread(d.side);
    let paged = false;
    for (;;) {
      const drawn = await screen.drawDecision(d, numbered.length, events, paged, '');
      paged = true;
      // A watch key typed at the last page of events (r, l) acts on this screen, as if typed here: it
      // is not lost. The pager's own keys only close it (Enter, Space; q and b are the pager's: carriedKey).
      const carried = screen.takeCarried();
      const width = screenWidth();
      // A save that failed is said above the question, as on a person's screen; its lines come from the list.
      const warning = screen.saveWarning ? wrapWords(screen.saveWarning, width) : [];
      const rows = Math.max(1, drawn.pageSize - warning.length);
      // The page of the list that holds the bot's choice, marked as a menu marks the option it is on.
      const first = Math.floor(at / rows) * rows;
      const list = numbered.slice(first, first + rows).map(({ number, option }, i) => {
        const line = cut(`${first + i === at ? '>' : ' '} ${String(number).padStart(2)}. ${option.label}`, width);
        return first + i === at ? p('bold', line) : line;
      });
      while (list.length < rows) list.push('');
      const chosen = numbered[at];
      write(
        [
          ...warning,
          drawn.message,
          ...list,
          cut(`${this.name} bot (${d.side}) chooses ${chosen.number}. ${chosen.option.label}`, width),
        ].join('\n'),
      );
      const key = CARRIED_KEYS.includes(carried)
        ? carried
        : await ask(() => withKeyboard((input) => pressKey({ message: WATCH_KEYS, width }, { input })));
      if (key === 'q') return { kind: 'quit' };
      if (key === 'l') {
        const ctx = screen.context();
        const lines = s.log.flatMap((l) => renderLogLine(l.entry, ctx).split('\n'));
        await screen.page(lines, 'press a key to go back to the decision', { fromEnd: true });
        continue;
      }
      if (key === 'r') {
        this.watch.runningOn = true;
        screen.clear();
        write('Running on to the end (Ctrl-C stops; the game is saved after every decision) ...');
      }
      if (key === 'r' || key === 'return' || key === 'enter' || key === 'space') {
        screen.markRead(d.side);
        screen.remember(d.side);
        return ans;
      }
      // Another key: the same screen again (what the keys do is on it).
    }
  }
}
