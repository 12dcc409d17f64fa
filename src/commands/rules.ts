/** `muster rules <game> [topic]`: reference tables drawn from the rules data. */
import { CliError, loadGame, out, renderContext, useColor } from './common.js';
import { quote } from '../engine/quote.js';

export async function rulesCommand(game: string, topic: string | undefined, opts: { color?: boolean; rules?: string }): Promise<number> {
  const { mod, rules } = await loadGame(game, opts.rules);
  const ctx = renderContext(useColor(opts.color));
  if (!topic) {
    out(`Reference topics for ${mod.title} (muster rules ${mod.id} <topic>):`);
    for (const t of mod.rulesTopics) out(`  ${t.name.padEnd(12)} ${t.title}`);
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
