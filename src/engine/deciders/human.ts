/**
 * The human decider: inquirer prompts in a terminal (loaded lazily, so other commands start fast).
 * Besides the game's options it always offers: show map, show log, undo, save, rules help, quit.
 *
 * Every list is a search prompt: arrow keys move, Enter picks, typing filters (a number picks that
 * option's line, any other text keeps the options whose label or id contain it).
 */
import type { Decision, RenderContext } from '../module.js';
import type { Session } from '../runner.js';
import { renderLogLine } from '../../ui/log.js';
import type { Answer, Decider, DecisionContext } from './types.js';

const META = {
  map: '@map',
  log: '@log',
  undo: '@undo',
  save: '@save',
  help: '@help',
  quit: '@quit',
} as const;

/** What the decider needs from the play loop. */
export interface HumanIO {
  ctx: RenderContext;
  print(text: string): void;
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

interface Choice {
  name: string;
  value: string;
  description?: string;
}

/** Filters a prompt's choices: a number keeps that option line; other text matches label or id. */
export function filterChoices(choices: Choice[], term: string | undefined, optionCount: number): Choice[] {
  const t = (term ?? '').trim().toLowerCase();
  if (!t) return choices;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return n >= 1 && n <= optionCount ? [choices[n - 1]] : [];
  }
  return choices.filter((c) => c.name.toLowerCase().includes(t) || c.value.toLowerCase().includes(t));
}

/** Dice people do not own: how to roll them with ordinary ones. */
function dieHint(sides: number): string {
  if ([2, 3, 4, 6, 8, 10, 12, 20].includes(sides)) return sides === 2 ? ' (a D6: 1-3 is 1, 4-6 is 2)' : sides === 3 ? ' (a D6: 1-2 is 1, 3-4 is 2, 5-6 is 3)' : '';
  const bigger = [4, 6, 8, 10, 12, 20, 100].find((x) => x > sides) ?? 100;
  return ` (roll a D${bigger} and roll again on anything above ${sides})`;
}

export class HumanDecider implements Decider {
  readonly kind = 'human';
  constructor(private readonly io: HumanIO) {}

  async decide(s: Session, d: Decision, context: DecisionContext): Promise<Answer> {
    const inq = await inquirer();
    const canUndo = context.canUndo;
    for (;;) {
      const options: Choice[] = d.options.map((o, i) => ({
        name: `${String(i + 1).padStart(2)}. ${o.label}`,
        value: o.id,
        description: `id: ${o.id}`,
      }));
      const extras: Choice[] = [
        { name: 'Show map', value: META.map },
        { name: 'Show log', value: META.log },
        { name: canUndo ? 'Undo your last decision' : 'Undo (not possible now: see Rules help)', value: META.undo },
        { name: 'Save', value: META.save },
        { name: 'Rules help', value: META.help },
        { name: 'Quit (the game is saved)', value: META.quit },
      ];
      const all = [...options, ...extras];
      const { v } = await inq.prompt<{ v: string }>([
        {
          type: 'search',
          name: 'v',
          message: `[${d.phase}] ${d.prompt}\n  (arrows and Enter; type a number or words to filter)`,
          pageSize: Math.max(6, Math.min(all.length + 1, (process.stdout.rows ?? 40) - 6)),
          source: async (term: string | undefined) => {
            const picked = filterChoices(options, term, options.length);
            return term && term.trim() ? [...picked, ...extras.filter((e) => e.name.toLowerCase().includes(term.trim().toLowerCase()))] : [...options, new inq.Separator(), ...extras];
          },
        } as never,
      ]);
      switch (v) {
        case META.map:
          this.io.print('\n' + s.render(d.side, this.io.ctx));
          continue;
        case META.log:
          for (const l of s.log) this.io.print(renderLogLine(l.entry, this.io.ctx));
          continue;
        case META.help:
          this.io.print(s.help());
          continue;
        case META.undo:
          if (!canUndo) {
            this.io.print('Undo is not possible: only your own latest decision can be taken back, while the other side has not answered it and no die was rolled or secret shown since.');
            continue;
          }
          return { kind: 'undo' };
        case META.save:
          return { kind: 'save' };
        case META.quit:
          return { kind: 'quit' };
        default:
          return { kind: 'choice', id: v };
      }
    }
  }

  /** Asks the player to type a physical die roll (prompted dice). */
  async askRoll(sides: number, reason: string): Promise<number> {
    const inq = await inquirer();
    const { v } = await inq.prompt<{ v: string }>([
      {
        type: 'input',
        name: 'v',
        message: `Roll a D${sides}${dieHint(sides)} for: ${reason} — result?`,
        validate: (x: string) =>
          /^\d+$/.test(x.trim()) && Number(x) >= 1 && Number(x) <= sides ? true : `type a whole number from 1 to ${sides}`,
      } as never,
    ]);
    return Number(v.trim());
  }

  /** Waits for Enter, with a message. */
  async pause(message: string): Promise<void> {
    const inq = await inquirer();
    await inq.prompt([{ type: 'input', name: 'v', message } as never]);
  }
}
