import { undoTarget } from '../../src/commands/game-loop.js';

const human = (s: string) => s !== 'Bot';

describe('undo target', () => {
  test('goes back to the same side\'s latest decision', () => {
    expect(undoTarget(['A', 'A', 'A'], 3, 0, 'A', human)).toBe(2);
  });
  test('never below the last die roll shown', () => {
    expect(undoTarget(['A', 'A', 'A'], 3, 3, 'A', human)).toBe(-1);
  });
  test('undoes a bot\'s decisions on the way back to your own', () => {
    expect(undoTarget(['A', 'Bot', 'Bot'], 3, 0, 'A', human)).toBe(0);
  });
  test('hot-seat: never into the other human player\'s (secret) decision', () => {
    expect(undoTarget(['Parliament', 'Royalist'], 2, 0, 'Parliament', human)).toBe(-1);
    expect(undoTarget(['Royalist', 'Parliament'], 2, 0, 'Parliament', human)).toBe(1);
  });
});
