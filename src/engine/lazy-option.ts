/**
 * A choice option whose label is made only when read. Labels are for people; replay, simulate, the
 * engine's checks and the bots that go by ids never read them. The label may read the state, so
 * whoever shows it reads it before the choice is applied (module.ts, Decision: the game loop does, and
 * a session that keeps its log reads a forced step's at once). JSON gives `{ id, label }` (and
 * `number` when the module numbers its options: module.ts, ChoiceOption).
 */
import type { ChoiceOption, Decision } from './module.js';

export class LazyOption implements ChoiceOption {
  readonly #label: () => string;
  constructor(
    readonly id: string,
    label: () => string,
    readonly number?: number,
  ) {
    this.#label = label;
  }
  get label(): string {
    return this.#label();
  }
  toJSON(): ChoiceOption {
    return this.number === undefined ? { id: this.id, label: this.label } : { id: this.id, label: this.label, number: this.number };
  }
}

/**
 * A decision whose prompt is written only when read (bots, replay and simulate never read it). Like a
 * LazyOption's label, `words` may read the state it was asked in, so whoever shows the prompt reads it
 * before the choice is applied (module.ts, Decision); a module that captures the values it needs when
 * it asks gets a prompt that may be read at any time. JSON gives the plain decision
 * `{ side, phase, prompt, options, secret? }` (module.ts, Decision).
 */
export class LazyPromptDecision<Side extends string = string> implements Decision {
  readonly #words: () => string;
  constructor(
    readonly side: Side,
    readonly phase: string,
    words: () => string,
    readonly options: ChoiceOption[],
    readonly secret?: true,
  ) {
    this.#words = words;
  }

  get prompt(): string {
    return this.#words();
  }

  toJSON(): { side: Side; phase: string; prompt: string; options: ChoiceOption[]; secret?: true } {
    const { side, phase, prompt, options } = this;
    return this.secret ? { side, phase, prompt, options, secret: true } : { side, phase, prompt, options };
  }
}
