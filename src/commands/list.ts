/** `muster list [--json]`: the games, their sides and options. */
import { GAMES } from '../games/index.js';
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
  for (const { meta } of GAMES) {
    out(`${meta.id}  —  ${meta.title}`);
    out(`  ${meta.blurb}`);
    out(`  sides: ${meta.sides.join(', ')}`);
    for (const o of meta.optionsSpec) out(`  --option ${o.key}=${o.values.join('|')}  (default ${o.default}) ${o.description}`);
    out('');
  }
  return 0;
}
