/**
 * A choice option whose label is made only when read. Labels are for people; replay, simulate, the
 * engine's checks and the bots that go by ids never read them. The label may read the state, so
 * whoever shows it reads it before the choice is applied (module.ts, Decision: the game loop does, and
 * a session that keeps its log reads a forced step's at once). JSON gives `{ id, label }`.
 */
import type { ChoiceOption } from './module.js';

export class LazyOption implements ChoiceOption {
  readonly #label: () => string;
  constructor(
    readonly id: string,
    label: () => string,
  ) {
    this.#label = label;
  }
  get label(): string {
    return this.#label();
  }
  toJSON(): ChoiceOption {
    return { id: this.id, label: this.label };
  }
}
