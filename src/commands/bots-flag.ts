/** `--bot` for commands that play bots on every side: one name for all sides, or `Side=name` per side. */
import type { Bot, AnyGameModule } from '../engine/module.js';
import { CliError } from './errors.js';

/**
 * Resolves bot flags to a bot per side: `["heuristic"]` plays it everywhere; `["Royalist=heuristic",
 * "Parliament=random"]` (or one comma list) sets sides one by one, the rest keeping `fallback`.
 * Sides match without regard to case. Throws CliError naming the bots or sides that exist, or the
 * side given two different bots.
 */
export function botsFromFlags(
  mod: AnyGameModule,
  flags: string[] | string | undefined,
  fallback = 'random',
): { bots: Record<string, Bot<unknown>>; names: Record<string, string> } {
  const items = (Array.isArray(flags) ? flags : flags === undefined ? [] : [flags])
    .flatMap((f) => f.split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  const names: Record<string, string> = Object.fromEntries(mod.sides.map((s) => [s, fallback]));
  const known = (name: string) => {
    if (!mod.bots[name]) throw new CliError(`${mod.id} has no bot "${name}"; bots: ${Object.keys(mod.bots).join(', ')}`);
    return name;
  };
  const given = new Map<string, string>();
  for (const item of items) {
    const m = /^([^=]+)=(.+)$/.exec(item);
    if (!m) {
      for (const s of mod.sides) names[s] = known(item);
      continue;
    }
    const side = mod.sides.find((s) => s.toLowerCase() === m[1].trim().toLowerCase());
    if (!side) throw new CliError(`${mod.id} has no side "${m[1]}"; sides: ${mod.sides.join(', ')}`);
    const bot = known(m[2].trim());
    // A side given two bots: the last one used to win without a word (a newcomer's find).
    const before = given.get(side);
    if (before !== undefined && before !== bot)
      throw new CliError(`--bot gives ${side} two bots (${before}, then ${bot}): name each side once`);
    given.set(side, bot);
    names[side] = bot;
  }
  known(fallback);
  return { bots: Object.fromEntries(mod.sides.map((s) => [s, mod.bots[names[s]]])), names };
}

/** "Parliament heuristic, Royalist random" (or "heuristic" when every side has the same). */
export function describeBots(names: Record<string, string>): string {
  const distinct = new Set(Object.values(names));
  return distinct.size === 1
    ? `${[...distinct][0]} bot on every side`
    : Object.entries(names)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ');
}
