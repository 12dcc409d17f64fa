/**
 * An option naming a card ("play c17", "tactics c17", "discard c17"): its label is written only when
 * someone reads it (a person's prompt, a transcript), from the card line it keeps — bots and batch
 * playouts never pay for the words (issue: labels only when shown). JSON gives `{ id, label }` (a question that
 * numbers its options wraps them: windows.ts, numberCards).
 */
import type { ChoiceOption } from '../../engine/module.js';
import { ASPECT_NAME, type Aspect, type CardLine } from './state.js';

export class CardOption implements ChoiceOption {
  constructor(
    readonly id: string,
    /** The card's line of the card list. */
    readonly line: CardLine,
    /** What the option does with the card. */
    readonly verb: 'play' | 'discard' | Aspect,
  ) {}

  get label(): string {
    const l = this.line;
    if (this.verb === 'play') return `Play ${l.name}: ${l.text}`;
    if (this.verb === 'discard') return `Discard ${l.name}`;
    return `${ASPECT_NAME[this.verb]}: ${l.name} (${l.score}) - ${l.text}`;
  }

  toJSON(): ChoiceOption {
    return { id: this.id, label: this.label };
  }
}
