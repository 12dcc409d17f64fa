/**
 * Positions: a game's state written out by `replay --at N --json --all`, edited by a designer, and
 * read back by `play --position FILE` and `odds --position FILE` (architecture.md, "Positions").
 * A position is checked against the JSON Schema of the game's state (rules/<game>.state.schema.json,
 * generated from its TypeScript type) and then against the module's own invariants.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameModule, Options } from './module.js';
import { RecordError } from './record.js';
import { RULES_DIR } from './rules.js';
import { resolveOptions } from './runner.js';
import { validatorFor } from './schemas.js';

/** A position: the game, its options, a seed for the dice from here on (optional), and the state. */
export interface Position<S = unknown> {
  game: string;
  options: Options;
  seed?: string;
  state: S;
}

/**
 * Reads and checks a position file (the JSON of `replay --at N --json --all`, or any object with
 * `game`, `options` and `state`). Throws RecordError naming the file and what is wrong: not JSON,
 * another game, a field of the state that does not fit its type (with its JSON path), or the first
 * broken invariant.
 */
export async function readPosition<S>(path: string, mod: GameModule<S, unknown, unknown>, rules: unknown): Promise<Position<S>> {
  let raw: { game?: unknown; options?: Record<string, string>; seed?: unknown; state?: unknown } | null;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new RecordError(`cannot read position ${path}: ${(e as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || typeof raw.state !== 'object' || raw.state === null) {
    throw new RecordError(`${path} is not a position: it needs a "state" object (write one with: replay RECORD --at N --json --all)`);
  }
  if (raw.game !== mod.id) throw new RecordError(`${path} is a position of ${String(raw.game)}, not ${mod.id}`);
  const options = resolveOptions(mod, raw.options ?? {});
  const validate = await validatorFor(join(RULES_DIR, `${mod.rulesName}.state.schema.json`));
  if (!validate(raw.state)) {
    const first = (validate.errors ?? []).slice(0, 5).map((e) => `state${e.instancePath} ${e.message ?? ''}`.trim());
    throw new RecordError(`${path}: the state does not fit ${mod.id}'s state type:\n  ${first.join('\n  ')}`);
  }
  // The rules read the options the state was set up with; "options" must say the same (a newcomer edited
  // "options" alone and the game played by the old ones while its record claimed the new).
  const inState = mod.optionsOf?.(raw.state as S);
  const differs = inState ? mod.optionsSpec.find((o) => inState[o.key] !== options[o.key]) : undefined;
  if (inState && differs)
    throw new RecordError(
      `${path}: its "options" say ${differs.key}=${options[differs.key]}, but its state plays by ${differs.key}=${inState[differs.key]}. ` +
        `A position's options are in its state, set when the game began: to play it by other options, edit the state ` +
        `to match (or start a new game with --option); else put ${differs.key}=${inState[differs.key]} back in "options"`,
    );
  const broken = mod.invariants(raw.state as S, rules);
  if (broken.length)
    throw new RecordError(
      `${path}: the state breaks a rule of ${mod.id}: ${broken[0]}${broken.length > 1 ? ` (and ${broken.length - 1} more)` : ''}`,
    );
  return { game: mod.id, options, ...(typeof raw.seed === 'string' ? { seed: raw.seed } : {}), state: raw.state as S };
}
