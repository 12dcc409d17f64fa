/**
 * The human decider: inquirer prompts in a terminal (loaded lazily, so other commands start fast).
 * Besides the game's options it always offers: show map, show log, undo, save, rules help, quit.
 */
import type { Decision, RenderContext } from '../module.js';
import type { Session } from '../runner.js';
import type { Answer, Decider } from './types.js';

const META = {
  map: '@map',
  log: '@log',
  undo: '@undo',
  save: '@save',
  help: '@help',
  quit: '@quit',
} as const;

/** Prompts that print through the same output as the game. */
export interface HumanIO {
  print(text: string): void;
  showMap(): void;
  showLog(): void;
  ctx: RenderContext;
}

/** True when inquirer reports that the player pressed Ctrl-C (or closed the terminal). */
export function isPromptExit(e: unknown): boolean {
  return e instanceof Error && (e.name === 'ExitPromptError' || e.name === 'AbortPromptError');
}

type Inquirer = typeof import('inquirer').default;
let inquirerP: Promise<Inquirer> | undefined;
function inquirer(): Promise<Inquirer> {
  inquirerP ??= import('inquirer').then((m) => m.default);
  return inquirerP;
}

export class HumanDecider implements Decider {
  readonly kind = 'human';
  constructor(private readonly io: HumanIO) {}

  async decide(s: Session, d: Decision): Promise<Answer> {
    const inq = await inquirer();
    for (;;) {
      const undoable = s.undoable();
      const extras = [
        { name: 'Show map', value: META.map },
        { name: 'Show log', value: META.log },
        { name: undoable > 0 ? 'Undo last decision' : 'Undo (not possible: a die roll has been shown since)', value: META.undo },
        { name: 'Save', value: META.save },
        { name: 'Rules help', value: META.help },
        { name: 'Quit (the game is saved)', value: META.quit },
      ];
      const choices = [
        ...d.options.map((o, i) => ({ name: `${String(i + 1).padStart(2)}. ${o.label}`, value: o.id, description: `id: ${o.id}` })),
        new inq.Separator(),
        ...extras,
      ];
      const message = `[${d.phase}] ${d.prompt}`;
      let value: string;
      if (d.options.length > 15) {
        const { v } = await inq.prompt<{ v: string }>([
          {
            type: 'search',
            name: 'v',
            message: `${message} (type to filter)`,
            pageSize: 18,
            source: async (term: string | undefined) => {
              const t = (term ?? '').toLowerCase();
              return choices.filter(
                (c) => !('value' in c) || !t || c.name.toLowerCase().includes(t) || String(c.value).includes(t),
              );
            },
          } as never,
        ]);
        value = v;
      } else {
        const { v } = await inq.prompt<{ v: string }>([
          { type: 'select', name: 'v', message, choices, pageSize: Math.min(choices.length, 24), loop: false } as never,
        ]);
        value = v;
      }
      switch (value) {
        case META.map:
          this.io.showMap();
          continue;
        case META.log:
          this.io.showLog();
          continue;
        case META.help:
          this.io.print(s.help());
          continue;
        case META.undo:
          if (undoable === 0) {
            this.io.print('Undo is not possible: a die roll has been shown since your last decision.');
            continue;
          }
          return { kind: 'undo' };
        case META.save:
          return { kind: 'save' };
        case META.quit:
          return { kind: 'quit' };
        default:
          return { kind: 'choice', id: value };
      }
    }
  }

  /**
   * Hot-seat hand-over: clears the screen so the next player cannot see the last one's hand,
   * and waits until the next player is at the keyboard.
   */
  async handOver(side: string): Promise<void> {
    const inq = await inquirer();
    this.io.print('\x1b[2J\x1b[3J\x1b[H');
    await inq.prompt([{ type: 'input', name: 'v', message: `Hand the keyboard to ${side}, then press Enter.` } as never]);
    this.io.print('\x1b[2J\x1b[3J\x1b[H');
  }

  /** Asks the player to type a physical die roll (prompted dice). */
  async askRoll(sides: number, reason: string): Promise<number> {
    const inq = await inquirer();
    const { v } = await inq.prompt<{ v: string }>([
      {
        type: 'input',
        name: 'v',
        message: `Roll a D${sides} for: ${reason} — result?`,
        validate: (x: string) =>
          /^\d+$/.test(x.trim()) && Number(x) >= 1 && Number(x) <= sides ? true : `type a whole number from 1 to ${sides}`,
      } as never,
    ]);
    return Number(v.trim());
  }
}
