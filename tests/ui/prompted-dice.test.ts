/** The prompted-dice question (`--dice prompted`): wrapped at word boundaries, never mid-word. */
import stringWidth from 'string-width';
import { rollQuestion } from '../../src/ui/prompted-dice.js';

// A small action die's reason, as a newcomer saw it broken at 80 columns ("... Combat Move, l / ong range 906 mm").
const need = {
  sides: 20,
  reason: 'Aimed fire, g3 MMG die 1 of 8 at b2: needs 12+ (class B, Combat Move, long range 906 mm)',
};

test.each([80, 60, 40])(
  'at %i columns every line fits after the prompt\'s "? " with room for the answer, broken only between words',
  (width) => {
    const q = rollQuestion(need, width);
    const lines = q.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    // The prompt writes "? " before the first line; the lines after it are indented as far.
    expect(lines.slice(1).every((l) => l.startsWith('  ') && !l.startsWith('   '))).toBe(true);
    for (const [i, l] of lines.entries()) expect({ l, fits: stringWidth(i === 0 ? `? ${l}` : l) + 4 <= width }).toEqual({ l, fits: true });
    // Joined again with single blanks, the words are the question's, in order, none cut.
    expect(lines.map((l) => l.trim()).join(' ')).toBe(`Roll a D20 for: ${need.reason} - result?`);
  },
);

test('a short question stays on one line', () => {
  expect(rollQuestion({ sides: 6, reason: 'Initiative' }, 80)).toBe('Roll a D6 for: Initiative - result?');
});
