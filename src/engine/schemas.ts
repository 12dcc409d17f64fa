/**
 * JSON Schema validators (ajv), compiled once per schema: `npm run build` precompiles every
 * `rules/*.schema.json` into `dist/schemas/<name>.<hash>.cjs` (ajv standalone code, keyed by the
 * schema file's hash), so a command loads a ready validator instead of importing ajv and compiling
 * (about 120 ms of start-up); a schema without a current precompiled file (an edited schema, the
 * sources run by jest) is compiled at run time, once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

/** A validator: true when the data fits; `errors` says where it does not. */
export interface Validator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> }[] | null;
}

/** Where the build writes precompiled validators (dist/schemas beside dist/engine). */
export const PRECOMPILED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

/** The name of a schema's precompiled file: `<base>.<first 16 hex of sha256(text)>.cjs`. */
export function precompiledName(schemaPath: string, text: string): string {
  return `${basename(schemaPath, '.json')}.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.cjs`;
}

const compiled = new Map<string, Validator>();

/** The validator of a schema file: precompiled when the build made it for this very text, else compiled once. */
export async function validatorFor(schemaPath: string): Promise<Validator> {
  const text = readFileSync(schemaPath, 'utf8');
  const name = precompiledName(schemaPath, text);
  let v = compiled.get(name);
  if (v) return v;
  const pre = join(PRECOMPILED_DIR, name);
  if (existsSync(pre)) {
    const mod = createRequire(import.meta.url)(pre) as Validator | { default: Validator };
    v = typeof mod === 'function' ? mod : mod.default;
  } else {
    const { Ajv } = await import('ajv');
    v = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(text)) as Validator;
  }
  compiled.set(name, v);
  return v;
}
