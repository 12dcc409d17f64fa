/**
 * Run by `npm run build`: precompiles every rules/*.schema.json into dist/schemas/ as ajv standalone
 * code (src/engine/schemas.ts explains why). Not part of the CLI.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { RULES_DIR } from '../engine/rules.js';
import { PRECOMPILED_DIR, precompiledName } from '../engine/schemas.js';

rmSync(PRECOMPILED_DIR, { recursive: true, force: true });
mkdirSync(PRECOMPILED_DIR, { recursive: true });
for (const file of readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.schema.json'))
  .sort()) {
  const path = join(RULES_DIR, file);
  const text = readFileSync(path, 'utf8');
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true } });
  const validate = ajv.compile(JSON.parse(text));
  writeFileSync(join(PRECOMPILED_DIR, precompiledName(path, text)), standalone.default(ajv, validate));
}
