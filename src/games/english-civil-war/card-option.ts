/**
 * An option naming a card ("play c17", "tactics c17", "discard c17"): its label is written only when
 * someone reads it (a person's prompt, a transcript), from the card line it keeps — bots and batch
 * playouts never pay for the words (issue: labels only when shown). JSON gives `{ id, label }` (and
 * `number` when the question numbers its options).
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
    /** The number a person types for it, when the question keeps its numbers (windows.ts, numberCards). */
    readonly number?: number,
  ) {}

  get label(): string {
    const l = this.line;
    if (this.verb === 'play') return `Play ${l.name}: ${l.text}`;
    if (this.verb === 'discard') return `Discard ${l.name}`;
    return `${ASPECT_NAME[this.verb]}: ${l.name} (${l.score}) - ${l.text}`;
  }

  /** This option under a number of its own (a new option: the deck's are shared and frozen). */
  numbered(n: number): CardOption {
    return new CardOption(this.id, this.line, this.verb, n);
  }

  toJSON(): ChoiceOption {
    return this.number === undefined ? { id: this.id, label: this.label } : { id: this.id, label: this.label, number: this.number };
  }
}
