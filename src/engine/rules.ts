/**
 * Loading rules data: `rules/<game>.json`, validated against `rules/<game>.schema.json` (ajv),
 * then checked by the module. A modified copy can be given with `--rules FILE`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameModule } from './module.js';
import { RulesDataError } from './module.js';
import { validatorFor } from './schemas.js';
import { clip, quote } from './quote.js';
import { withoutBom } from './record.js';

/** The project's `rules/` folder (the same from `src/engine` under jest and from `dist/engine`). */
export const RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'rules');

/** Validated rules data with the hash that records carry. */
export interface LoadedRules<R> {
  rules: R;
  /** `sha256:` + hex digest of the file's text (a byte-order mark included). */
  hash: string;
  path: string;
}

/** sha256 of a text, as records write it. */
export function hashText(text: string): string {
  return 'sha256:' + createHash('sha256').update(text).digest('hex');
}

/**
 * Reads, parses and validates a module's rules file (default `rules/<rulesName>.json`).
 * Throws RulesDataError (unreadable file, bad JSON, schema errors with their JSON paths, module checks).
 */
export async function loadRules<R>(mod: GameModule<unknown, R, unknown>, file?: string): Promise<LoadedRules<R>> {
  const path = file ?? join(RULES_DIR, `${mod.rulesName}.json`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : clip((e as Error).message, 200);
    throw new RulesDataError(`cannot read rules file ${clip(path)}: ${why}`);
  }
  let raw: unknown;
  try {
    // A byte-order mark (some editors write one) is not part of the JSON; the hash stays the file's bytes.
    raw = JSON.parse(withoutBom(text));
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new RulesDataError(`rules file ${clip(path)} is not valid JSON: ${clip(e.message, 120)}`);
  }
  const validate = await validatorFor(join(RULES_DIR, `${mod.rulesName}.schema.json`));
  const inexact = inexactNumbers(raw);
  if (inexact.length) throw new RulesDataError(`rules file ${clip(path)} holds numbers too large to be exact`, inexact);
  if (!validate(raw)) {
    const problems = (validate.errors ?? []).map((e) =>
      // ajv's "must NOT have additional properties" does not say which: the key is named.
      e.keyword === 'additionalProperties'
        ? `${e.instancePath || '/'} has an unknown key ${quote(String(e.params?.additionalProperty))}`
        : `${e.instancePath || '/'} ${e.message ?? ''}`.trim(),
    );
    throw new RulesDataError(
      `rules file ${clip(path)} does not match its schema`,
      problems.map((p) => clip(p, 200)),
    );
  }
  let rules: R;
  try {
    rules = mod.loadRules(raw);
  } catch (e) {
    // The module's cross-checks do not know which file they read: the message names the one given.
    if (!(e instanceof RulesDataError)) throw e;
    throw new RulesDataError(`rules file ${clip(path)}: ${e.message}`, e.problems);
  }
  return { rules, hash: hashText(text), path };
}

/**
 * The JSON paths of numbers past 2^53 - 1 in parsed data: JSON.parse rounds them (1152921504606846976 was
 * read as 1152921504606847000), so the file does not say what it seems to, and no game needs them.
 */
function inexactNumbers(x: unknown, path = ''): string[] {
  if (typeof x === 'number')
    return Math.abs(x) > Number.MAX_SAFE_INTEGER
      ? [`${path || '/'} is past 2^53 - 1 (${Number.MAX_SAFE_INTEGER}) in size: a number that large is not read exactly`]
      : [];
  if (Array.isArray(x)) return x.flatMap((v, i) => inexactNumbers(v, `${path}/${i}`));
  if (x && typeof x === 'object') return Object.entries(x).flatMap(([k, v]) => inexactNumbers(v, `${path}/${k}`));
  return [];
}
