#!/usr/bin/env node
/**
 * Kill -9 survival (issue 7; not part of CI): starts bot games of every module with `muster play`,
 * kills each with SIGKILL at a random moment while it autosaves after every decision, then checks that
 * the save (if one was written yet) is a valid record that replays, that `resume` finishes the game
 * (the dead process's lock is taken over), and that no temporary or lock file is left afterwards
 * (one left by the kill itself must be removed by the next write).
 *
 *   npm run build && node tests/stress/kill9.mjs [kills=100] [seed=k9]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve('bin/muster');
const kills = Number(process.argv[2] ?? 100);
const base = process.argv[3] ?? 'k9';
/**
 * Each game with the window in which it is killed: up to `span` ms after its first save appears, while
 * it plays and autosaves (a bot game takes 0.1-0.2 s once started); every fifth kill comes earlier, at
 * a random moment from the start (before the first save, or during it).
 */
const GAMES = [
  { id: 'irish-freedom', args: ['--bot', 'random'], span: 80 },
  { id: 'english-civil-war', args: ['--bot', 'random', '--vs', 'random'], span: 200 },
];

/** A small deterministic generator for the kill moments (so a run can be repeated). */
let x = 0;
for (const c of base) x = (x * 31 + c.charCodeAt(0)) >>> 0;
const rand = () => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;

const counts = { kills: 0, noSaveYet: 0, saves: 0, valid: 0, resumed: 0, tempsAfterKill: 0, locksAfterKill: 0, leftovers: 0 };
const failures = [];
const dir = mkdtempSync(join(tmpdir(), 'muster-kill9-'));

function muster(args) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
}

const strays = () => readdirSync(dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));

for (let k = 1; k <= kills; k++) {
  const g = GAMES[k % GAMES.length];
  const save = `game-${k}.json`;
  const child = spawn(process.execPath, [BIN, 'play', g.id, '--seed', `${base}/${k}`, ...g.args, '--save', save], {
    cwd: dir,
    stdio: 'ignore',
  });
  const early = k % 5 === 0;
  if (!early) {
    // Until the first save is on disk (or the game is over already).
    while (!existsSync(join(dir, save)) && child.exitCode === null) await new Promise((r) => setTimeout(r, 1));
  }
  const wait = Math.floor(rand() * (early ? 400 : g.span));
  await new Promise((r) => setTimeout(r, wait));
  const finished = child.exitCode !== null;
  child.kill('SIGKILL');
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.on('exit', r)));
  if (finished) continue; // the game ended before the kill: nothing to test
  counts.kills++;
  const left = strays();
  counts.tempsAfterKill += left.filter((f) => f.endsWith('.tmp')).length;
  counts.locksAfterKill += left.filter((f) => f.endsWith('.lock')).length;
  if (!existsSync(join(dir, save))) {
    counts.noSaveYet++;
    for (const f of left) rmSync(join(dir, f));
    continue;
  }
  counts.saves++;
  const v = muster(['replay', save, '--json', '--all']);
  if (v.status === 0) counts.valid++;
  else failures.push(`${save} (${g.id}, killed after ${wait} ms): replay exit ${v.status}: ${v.stderr.trim()}`);
  const r = muster(['resume', save]);
  if (r.status === 0 && /Game over/.test(r.stdout)) counts.resumed++;
  else failures.push(`${save} (${g.id}): resume exit ${r.status}: ${r.stderr.trim().slice(0, 300)}`);
  const after = strays();
  counts.leftovers += after.length;
  if (after.length) failures.push(`${save}: left behind after resume: ${after.join(', ')}`);
  const done = muster(['replay', save]);
  if (done.status !== 0) failures.push(`${save}: the resumed game does not verify: ${done.stderr.trim()}`);
}

console.log(JSON.stringify({ ...counts, failures: failures.length }, null, 2));
for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
rmSync(dir, { recursive: true, force: true });
process.exitCode = failures.length ? 1 : 0;
