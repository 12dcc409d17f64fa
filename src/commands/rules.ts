/** `muster rules <game> [topic]`: reference tables drawn from the rules data. */
import { CliError, commandName, loadGame, out, renderContext, say, useColor } from './common.js';
import { wrapWords } from '../ui/text.js';
import { quote } from '../engine/quote.js';

export async function rulesCommand(game: string, topic: string | undefined, opts: { color?: boolean; rules?: string }): Promise<number> {
  const { mod, rules } = await loadGame(game, opts.rules);
  const ctx = renderContext(useColor(opts.color));
  if (!topic) {
    say(`Reference topics for ${mod.title} (${commandName()} rules ${mod.id} <topic>):`);
    // Each title wrapped beside its name, within the width.
    const width = ctx.width ?? 100;
    for (const t of mod.rulesTopics)
      out(
        wrapWords(t.title, width - 15)
          .map((l, i) => `  ${(i ? '' : t.name).padEnd(12)} ${l}`)
          .join('\n'),
      );
    out(`  ${'all'.padEnd(12)} every topic`);
    return 0;
  }
  const names = topic === 'all' ? mod.rulesTopics.map((t) => t.name) : [topic];
  for (const n of names) {
    if (!mod.rulesTopics.some((t) => t.name === n)) {
      throw new CliError(`no topic ${quote(n)} for ${mod.id}; topics: ${mod.rulesTopics.map((t) => t.name).join(', ')}, all`);
    }
    out(mod.renderRules(rules, n, ctx));
  }
  return 0;
}
