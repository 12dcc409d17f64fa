/** The numbers people type to pick options: an option's place, unless the game keeps numbers stable while an action is built. */
import { describeDecision } from '../../src/commands/game-loop.js';
import { resolveLine } from '../../src/engine/deciders/script.js';
import type { Decision } from '../../src/engine/module.js';
import { numberedOptions } from '../../src/engine/option-numbers.js';
import { filterMenu, numbersHint } from '../../src/ui/prompts.js';

const plain: Decision = {
  side: 'Irish',
  phase: 'move',
  prompt: 'Where?',
  options: [
    { id: 'to 0305', label: 'To 0305' },
    { id: 'to 0306', label: 'To 0306' },
    { id: 'stop', label: 'Stop' },
  ],
};
// An attack being built, as Irlande 1798 asks it: unit 1 has joined; "with all" is listed first but numbered last.
const attack: Decision = {
  side: 'English',
  phase: 'combat',
  prompt: 'Attack on 0407',
  options: [
    { id: 'with all', label: 'Attack with the rest', number: 6 },
    { id: 'with yeo-inf-1', label: 'Attack with Yeomanry Inf. 1 (1 SP, from 0408)', number: 2 },
    { id: 'with roden', label: "Attack with Roden's Dragoons (3 SP, from 0506)", number: 3 },
    { id: 'fight', label: 'Fight: 2 to 1', number: 4 },
    { id: 'call off', label: 'Call off the attack on 0407', number: 5 },
  ],
};

test("without numbers from the game an option's number is its place (the other games' screens and scripts are unchanged)", () => {
  expect(numberedOptions(plain).map((x) => [x.number, x.option.id])).toEqual([
    [1, 'to 0305'],
    [2, 'to 0306'],
    [3, 'stop'],
  ]);
  expect(resolveLine('2', plain)).toBe('to 0306');
  expect(describeDecision(plain, 80).split('\n').slice(1)).toEqual([
    'Legal options:',
    '   1. to 0305   - To 0305',
    '   2. to 0306   - To 0306',
    '   3. stop   - Stop',
  ]);
});

test("the game's numbers are listed in their order, and a script's number line picks by them", () => {
  expect(numberedOptions(attack).map((x) => `${x.number} ${x.option.id}`)).toEqual([
    '2 with yeo-inf-1',
    '3 with roden',
    '4 fight',
    '5 call off',
    '6 with all',
  ]);
  expect(resolveLine('3', attack)).toBe('with roden');
  expect(resolveLine('6', attack)).toBe('with all');
  // Number 1 went to a unit that has joined: it picks nothing (the script's line is then an illegal choice).
  expect(resolveLine('1', attack)).toBe('1');
  expect(describeDecision(attack, 200).split('\n').slice(2, 4)).toEqual([
    '   2. with yeo-inf-1   - Attack with Yeomanry Inf. 1 (1 SP, from 0408)',
    "   3. with roden   - Attack with Roden's Dragoons (3 SP, from 0506)",
  ]);
});

test('at the menu a number left out keeps nothing, never an option whose words hold that digit ("1" is not "1 SP")', () => {
  const items = numberedOptions(attack).map(({ number, option }) => ({ name: `${number}. ${option.label}`, value: option.id, number }));
  const extras = [{ name: 'Show map', value: '@map' }];
  expect(filterMenu(items, extras, '3').map((o) => o.value)).toEqual(['with roden']);
  expect(filterMenu(items, extras, '1')).toEqual([]);
  // Above the highest number, digits are text as before (a hex id in a label).
  expect(filterMenu(items, extras, '0408').map((o) => o.value)).toEqual(['with yeo-inf-1']);
  expect(numbersHint(items)).toBe('one of the numbers 2, 3, 4, 5, 6');
  const placed = numberedOptions(plain).map(({ number, option }) => ({ name: option.label, value: option.id, number }));
  expect(numbersHint(placed)).toBe('a number from 1 to 3');
});

test('a wrapped option label goes on four columns in from its text, whatever the digits of its number (replay --step: 10 was one less)', () => {
  const many = (n: number): Decision => ({
    side: 'Blue',
    phase: 'orders',
    prompt: 'Which?',
    options: Array.from({ length: n }, (_, i) => ({
      id: `opt ${i + 1}`,
      label: `A label long enough to wrap onto a second line at sixty columns, number ${i + 1}`,
    })),
  });
  // The lines that go on an option's label (after the heading and "Legal options:").
  const continued = (text: string) =>
    text
      .split('\n')
      .slice(2)
      .filter((l) => !/^ +\d+\. /.test(l))
      .map((l) => /^ */.exec(l)![0].length);
  // The text of every option starts in one column, and its second line four columns further in.
  for (const n of [12, 101]) {
    const text = describeDecision(many(n), 60);
    const starts = text
      .split('\n')
      .filter((l) => /^ +\d+\. /.test(l))
      .map((l) => /^ +\d+\. /.exec(l)![0].length);
    expect(new Set(starts).size).toBe(1);
    const indents = continued(text);
    expect(indents.length).toBeGreaterThanOrEqual(n);
    expect(new Set(indents)).toEqual(new Set([starts[0] + 4]));
  }
  // A list under 100 keeps its layout: two-digit numbers, the second line at column 10.
  expect(describeDecision(many(12), 60).split('\n').slice(2, 4)).toEqual([
    '   1. opt 1   - A label long enough to wrap onto a second',
    '          line at sixty columns, number 1',
  ]);
});
