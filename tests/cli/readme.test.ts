/**
 * The README's designer examples run as written (issue 12: every command documented with an example
 * that a test runs): each line of the sh block under "## Designer's tools", in order, in one folder,
 * with ./bin/muster the built launcher.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve('bin/muster');
const dir = mkdtempSync(join(tmpdir(), 'muster-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of the first sh block after `heading`. */
function examples(heading: string): string[] {
  const text = readFileSync(resolve('README.md'), 'utf8');
  const at = text.indexOf(`\n${heading}\n`);
  expect(at).toBeGreaterThan(0);
  const block = /```sh\n([^]*?)```/.exec(text.slice(at))!;
  return block[1].split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
}

const lines = examples("## Designer's tools");

test('the block shows every designer command and flag', () => {
  const all = lines.join('\n');
  for (const x of [
    'odds',
    'compare',
    'check',
    'simulate',
    '--save-games',
    '--threads',
    '--bot Royalist=',
    'play --from',
    '--at',
    '--dice 6',
    'play --position',
    'undo',
  ])
    expect(all).toContain(x);
});

test.each(lines.map((l, i) => [i + 1, l]))('line %i: %s', (_i, line) => {
  const r = spawnSync('sh', ['-c', (line as string).replaceAll('./bin/muster', `"${process.execPath}" "${BIN}"`)], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '80' },
    timeout: 180_000,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('what the examples made', () => {
  expect(existsSync(join(dir, 'g-from-4.muster.json'))).toBe(true);
  expect(JSON.parse(readFileSync(join(dir, 'p1.json'), 'utf8')).start).toEqual(
    JSON.parse(readFileSync(join(dir, 'start.json'), 'utf8')).state,
  );
  expect(readdirSync(join(dir, 'samples')).length).toBeGreaterThanOrEqual(3);
  expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).games).toBe(1000);
});
