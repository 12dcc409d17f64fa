/** `muster odds` as text: the log lines every outcome begins with are said once above the table. */
import { commonStart } from '../../src/commands/odds.js';

const row = (outcome: string, probability: number) => ({ outcome, probability });

test('lines every outcome begins with are taken out of the rows and given once; --json rows are not touched', () => {
  const rows = [
    row('Combat shows the stack. / The French attack 0909. / A1/D2: the French win', 0.5),
    row('Combat shows the stack. / The French attack 0909. / PP/JM: the French win / Carabiniers routs.', 0.25),
    row('Combat shows the stack. / The French attack 0909.', 0.25),
  ];
  const { common, outcomes } = commonStart(rows as never);
  expect(common).toBe('Combat shows the stack. / The French attack 0909.');
  expect(outcomes.map((x) => x.outcome)).toEqual(['A1/D2: the French win', 'PP/JM: the French win / Carabiniers routs.', '(nothing more)']);
  expect(outcomes.map((x) => x.probability)).toEqual([0.5, 0.25, 0.25]);
  // The rows given are left whole (the --json output prints them).
  expect(rows[0].outcome).toMatch(/^Combat shows the stack/);
  // A line shared only in part, or a single outcome: nothing is taken out.
  expect(commonStart([row('a / b', 0.5), row('ab / c', 0.5)] as never).common).toBe('');
  expect(commonStart([row('a / b', 1)] as never)).toEqual({ common: '', outcomes: [row('a / b', 1)] });
});
