#!/usr/bin/env node
/**
 * Record round trips (issue 7; not part of CI). For every module: bot games cut at a random decision
 * and played to the end are written as records, read back through the record checks (JSON text →
 * checkRecord → Session.fromRecord), and must give the same state hash, the same record and a clean
 * verification; then a sample goes through the real command line (`play --save`, `replay`,
 * `replay --json`, `replay --step`, `resume` of the unfinished save).
 *
 *   npm run build && node tests/stress/roundtrip.mjs [games-per-module=500] [cli-per-module=25]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { playout } from '../../dist/engine/playout.js';
import { checkRecord, stateHash } from '../../dist/engine/record.js';
import { loadRules } from '../../dist/engine/rules.js';
import { resolveOptions, Session } from '../../dist/engine/runner.js';
import { verifyRecord } from '../../dist/engine/verify.js';
import { GAMES } from '../../dist/games/index.js';

const perModule = Number(process.argv[2] ?? 500);
const perCli = Number(process.argv[3] ?? 25);
const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-roundtrip-'));
const failures = [];
const counts = {};

for (const entry of GAMES) {
  const mod = await entry.load();
  const { rules, hash } = await loadRules(mod);
  const random = Object.fromEntries(mod.sides.map((s) => [s, mod.bots.random]));
  const c = (counts[mod.id] = { finished: 0, unfinished: 0, cli: 0 });
  for (let k = 1; k <= perModule; k++) {
    const seed = `rt/${k}`;
    const full = playout(mod, rules, { seed, options: resolveOptions(mod), bots: random, keepChoices: true });
    // Every other game is cut short: an unfinished save round-trips too.
    const cut = k % 2 ? full.choices.length : Math.floor((full.choices.length * ((k * 7919) % 100)) / 100);
    const s = new Session(mod, rules, {
      seed,
      rulesHash: hash,
      keepLog: false,
      players: Object.fromEntries(mod.sides.map((x) => [x, 'bot:random'])),
    }).start();
    for (const ch of full.choices.slice(0, cut)) s.choose(ch);
    const text = JSON.stringify(s.toRecord(), null, 2);
    const back = checkRecord(JSON.parse(text), `${mod.id} ${seed}`);
    const again = Session.fromRecord(mod, rules, back, { keepLog: false });
    const v = verifyRecord(back, {
      decision: again.decision(),
      result: again.result(),
      state: again.state,
      decisions: again.choices.length,
    });
    const same = stateHash(again.state) === stateHash(s.state) && JSON.stringify(again.toRecord(), null, 2) === text && v.ok;
    if (!same) failures.push(`${mod.id} ${seed} cut ${cut}: ${v.differences.join('; ') || 'the record differs after a round trip'}`);
    if (cut === full.choices.length) c.finished++;
    else c.unfinished++;
  }
  const vs = mod.sides.length > 1 ? ['--vs', 'random'] : [];
  for (let k = 1; k <= perCli; k++) {
    const file = join(dir, `${mod.id}-${k}.json`);
    const run = (args) =>
      spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const p = run(['play', mod.id, '--seed', `rtc/${k}`, '--bot', 'random', ...vs, '--save', file]);
    const checks = [
      ['play', p.status === 0],
      ['replay', run(['replay', file]).status === 0],
      ['replay --json', JSON.parse(run(['replay', file, '--json']).stdout || '{}').verified === true],
      ['replay --step', run(['replay', file, '--step']).status === 0],
    ];
    // An unfinished copy resumes to the end.
    const rec = JSON.parse(readFileSync(file, 'utf8'));
    delete rec.result;
    delete rec.stateHash;
    rec.choices = rec.choices.slice(0, Math.floor(rec.choices.length / 2));
    writeFileSync(file, JSON.stringify(rec));
    checks.push(['resume', run(['resume', file]).status === 0 && JSON.parse(readFileSync(file, 'utf8')).result?.finished === true]);
    const bad = checks.filter(([, ok]) => !ok).map(([n]) => n);
    if (bad.length) failures.push(`${mod.id} CLI game ${k}: ${bad.join(', ')} failed`);
    else c.cli++;
  }
}

console.log(JSON.stringify({ counts, failures: failures.length }, null, 2));
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
rmSync(dir, { recursive: true, force: true });
process.exitCode = failures.length ? 1 : 0;
