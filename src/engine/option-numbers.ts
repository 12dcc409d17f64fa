/**
 * The numbers people type to pick a decision's options (the menu, `muster play`'s listing, a script's
 * number lines): an option's own `number` when the module gives one (module.ts, ChoiceOption), else
 * its 1-based place. Listed in the order of their numbers.
 */
import type { ChoiceOption, Decision } from './module.js';

export interface NumberedOption {
  number: number;
  option: ChoiceOption;
}

/** The decision's options with the numbers that pick them, in the order of their numbers. */
export function numberedOptions(d: Pick<Decision, 'options'>): NumberedOption[] {
  const out = d.options.map((option, i) => ({ number: option.number ?? i + 1, option }));
  return out.sort((a, b) => a.number - b.number);
}

/** The option a number picks, if any. */
export function optionNumbered(d: Pick<Decision, 'options'>, n: number): ChoiceOption | undefined {
  return numberedOptions(d).find((x) => x.number === n)?.option;
}
