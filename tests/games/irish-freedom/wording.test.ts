import { points } from '../../../src/games/irish-freedom/map.js';

describe('wording', () => {
  test('points are counted in good English: 1 point, 2 points, 1 victory point', () => {
    expect(points(1)).toBe('1 point');
    expect(points(0)).toBe('0 points');
    expect(points(3)).toBe('3 points');
    expect(points(1, 'victory point')).toBe('1 victory point');
  });
});
