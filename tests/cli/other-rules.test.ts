/**
 * A record read with rules data other than the data it was played with (resume, play --from, replay,
 * odds): when that data was given with --rules FILE, the message names the file and says it differs
 * from the record's data, and how to go on, not "give the original data with --rules FILE" (a
 * newcomer had given --rules: their own edited file).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { GameRecord } from '../../src/engine/record.js';

const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-other-rules-'));

function muster(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    input: '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '300' },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  expect(muster(['play', 'irish-freedom', '--seed', 'or-1', '--bot', 'heuristic', '--save', 'done.json']).code).toBe(0);
  // Unfinished, and played with other data than the printed file (its hash changed): myr.json is the printed data.
  const rec = JSON.parse(readFileSync(join(dir, 'done.json'), 'utf8')) as GameRecord;
  const unfinished: GameRecord = { ...rec, choices: rec.choices.slice(0, 6), rulesHash: `sha256:${'0'.repeat(64)}` };
  delete unfinished.result;
  delete unfinished.stateHash;
  writeFileSync(join(dir, 'rr.json'), JSON.stringify(unfinished));
  copyFileSync(resolve('rules/irish-freedom.json'), join(dir, 'myr.json'));
}, 120_000);

test.each([['resume rr.json'], ['play --from rr.json']])(
  '%s --rules myr.json: refused, naming myr.json as differing from the data rr.json was played with, and --force to go on with it',
  (command) => {
    const args = command.split(' ');
    const r = muster([...args, '--rules', 'myr.json']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^muster: the rules file myr\.json differs from the data rr\.json was played with \(sha256:000000000000\.\.\.\)/);
    expect(r.err).toMatch(/--force to go on with myr\.json\n$/);
    expect(r.err).not.toMatch(/Give the original data with --rules FILE/);
  },
);

test('resume rr.json without --rules: still says to give the original data with --rules FILE', () => {
  const r = muster(['resume', 'rr.json']);
  expect(r.code).not.toBe(0);
  expect(r.err).toMatch(
    /^muster: the rules data differs from the data rr\.json was played with .*Give the original data with --rules FILE/,
  );
});

test.each([
  ['replay', 'the replay may differ from the game'],
  ['odds', "the odds are those of this data, which may differ from the game's"],
])('%s rr.json --rules myr.json: warns on stderr, naming myr.json', (cmd, differ) => {
  const r = muster([cmd, 'rr.json', '--rules', 'myr.json', ...(cmd === 'odds' ? ['--samples', '40'] : [])]);
  expect(r.code).toBe(0);
  expect(r.err).toMatch(
    /^muster: warning: the rules file myr\.json differs from the data rr\.json was played with \(sha256:000000000000\.\.\., myr\.json is sha256:[0-9a-f]{12}\.\.\.\)/,
  );
  expect(r.err).toContain(`: ${differ} (give --rules with the file it was played with)`);
});

test('odds rr.json without --rules: warns as replay does that the rules data differs', () => {
  const r = muster(['odds', 'rr.json', '--samples', '40']);
  expect(r.code).toBe(0);
  expect(r.err).toMatch(/^muster: warning: the rules data differs from the recorded one \(rr\.json was played with sha256:000000000000/);
});
