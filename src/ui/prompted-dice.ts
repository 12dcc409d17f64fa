/**
 * Prompted dice (`--dice prompted`): the player rolls physical dice and types what they show; a
 * random pick (a card drawn from a deck) asks for what was drawn, by name. The answer is recorded as
 * the die result it stands for (the pick's position), so records replay exactly.
 */
import type { NeedRoll } from '../engine/dice.js';
import type { RenderContext } from '../engine/module.js';
import { withKeyboard } from './keyboard.js';
import { ask } from './screen.js';
import { messageWidth, screenWidth } from './terminal.js';
import { wrapWords } from './text.js';
import { inquirer } from './human.js';

/** Dice people do not own: how to roll them with ordinary ones. */
export function dieHint(sides: number): string {
  if ([2, 3, 4, 6, 8, 10, 12, 20].includes(sides))
    return sides === 2 ? ' (a D6: 1-3 is 1, 4-6 is 2)' : sides === 3 ? ' (a D6: 1-2 is 1, 3-4 is 2, 5-6 is 3)' : '';
  const bigger = [4, 6, 8, 10, 12, 20, 100].find((x) => x > sides) ?? 100;
  return ` (roll a D${bigger} and roll again on anything above ${sides})`;
}

/**
 * The question for a die, wrapped at word boundaries to `width` columns (a terminal breaks a long
 * line mid-word: "l / ong range"). The prompt's "? " comes before the first line, so the lines after
 * it are indented to match; the last keeps room for the answer typed after it.
 */
export function rollQuestion(need: Pick<NeedRoll, 'sides' | 'reason'>, width: number): string {
  const text = `Roll a D${need.sides}${dieHint(need.sides)} for: ${need.reason} - result?`;
  return wrapWords(text, Math.max(20, width - 2 - ANSWER_ROOM)).join('\n  ');
}

/** Columns kept free after the question for the answer (up to 3 digits) and the cursor. */
const ANSWER_ROOM = 5;

/** Asks the player for the draw `need` stands for: a die's result, or the item a pick draws. Returns 1..sides. */
export async function askDraw(need: NeedRoll, ctx: RenderContext): Promise<number> {
  if (need.names) {
    const { menu } = await import('./prompts.js');
    const options = need.names.map((n, i) => ({ name: `${String(i + 1).padStart(2)}. ${n}`, value: String(i + 1), number: i + 1 }));
    const v = await ask(() =>
      withKeyboard((input) =>
        menu(
          {
            message: `${need.reason}: which was drawn? (draw it from your own deck or pile)`,
            options,
            extras: [],
            pageSize: Math.min(options.length, 10),
            width: screenWidth(),
            ctx,
          },
          { input },
        ),
      ),
    );
    return Number(v);
  }
  const inq = await inquirer();
  const { v } = await ask(() =>
    withKeyboard((input) =>
      inq.createPromptModule({ input })<{ v: string }>([
        {
          type: 'input',
          name: 'v',
          message: rollQuestion(need, messageWidth()),
          // A refused entry is cleared (typing again starts afresh, not after "70abc").
          theme: { validationFailureMode: 'clear' },
          validate: (x: string) =>
            /^\d+$/.test(x.trim()) && Number(x) >= 1 && Number(x) <= need.sides ? true : `type a whole number from 1 to ${need.sides}`,
        } as never,
      ]),
    ),
  );
  return Number(v.trim());
}
