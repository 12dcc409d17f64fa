/** `muster list [--json]`: the games, their sides and options. */
import { GAMES } from '../games/index.js';
import { screenWidth } from '../ui/terminal.js';
import { wrapWords } from '../ui/text.js';
const out = (t: string) => process.stdout.write(t + '\n');

export function listCommand(opts: { json?: boolean }): number {
  if (opts.json) {
    out(
      JSON.stringify(
        GAMES.map((g) => g.meta),
        null,
        2,
      ),
    );
    return 0;
  }
  // Each text within the width (the terminal's, or COLUMNS), its continuation lines indented.
  const width = screenWidth();
  const say = (text: string, indent: string) =>
    out(
      wrapWords(text, width - indent.length)
        .map((l, i) => (i ? indent : '') + l)
        .join('\n'),
    );
  for (const { meta } of GAMES) {
    say(`${meta.id}  -  ${meta.title}`, '  ');
    say(`  ${meta.blurb}`, '  ');
    say(`  sides: ${meta.sides.join(', ')}`, '    ');
    for (const o of meta.optionsSpec) {
      say(`  --option ${o.key}=${o.values.join('|')}  (default ${o.default})`, '      ');
      say(`      ${o.description}`, '');
    }
    out('');
  }
  return 0;
}
