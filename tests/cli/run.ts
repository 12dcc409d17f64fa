/** Running the built bin/muster from the CLI tests: one way for all of them. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BIN = resolve('bin/muster');

/** A runner of `muster ARGS` in `cwd`, stdin from `input`, with `env` over the test process's. */
export function runner(cwd: string, env: Record<string, string> = {}, timeout = 120_000) {
  return (args: string[], input = '') => {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, ...env }, timeout });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
}

/** Resolves with what `child` printed once its stdout matches `re`; fails after `timeout` ms. */
export function waitFor(child: ChildProcess, re: RegExp, timeout = 30_000): Promise<string> {
  return new Promise((done, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`never printed ${re}:\n${seen}`)), timeout);
    const on = (b: Buffer) => {
      seen += b;
      if (re.test(seen)) {
        clearTimeout(timer);
        child.stdout!.off('data', on);
        done(seen);
      }
    };
    child.stdout!.on('data', on);
  });
}

/**
 * One side's choices in the record `file` in `cwd` (who decides each: `replay --step --all`, read to
 * the end): the moves of a game played before, for a script to play again. A script of "1"s does not
 * play an English Civil War game through: in a window a card laid leaves its number free.
 */
export function choicesOf(cwd: string, file: string, side: string): string[] {
  const steps = runner(cwd, { NO_COLOR: '1' })(['replay', file, '--step', '--all']).out;
  const sides = [...steps.matchAll(/^- decision \d+\/\d+\nPending decision for (\w+)/gm)].map((m) => m[1]);
  const choices: string[] = JSON.parse(readFileSync(join(cwd, file), 'utf8')).choices;
  if (sides.length !== choices.length) throw new Error(`${file}: ${sides.length} deciders read for ${choices.length} choices`);
  return choices.filter((_, k) => sides[k] === side);
}

/** A step of tests/cli/pty-drive.py: waits are regexes (escape parentheses). */
export type PtyStep =
  | { wait: string; timeout?: number }
  | { send: string }
  | { sleep: number }
  | { until: string; press: string; timeout?: number }
  | { resize: [number, number] };

/** Runs `muster ARGS` in `cwd` in a pseudo-terminal of rows x cols and plays `steps` (tests/cli/pty-drive.py). */
export function atTerminal(cwd: string, args: string[], steps: PtyStep[], size = [24, 80]) {
  const r = spawnSync(
    'python3',
    [resolve('tests/cli/pty-drive.py'), String(size[0]), String(size[1]), '--', process.execPath, BIN, ...args],
    {
      cwd,
      input: JSON.stringify(steps),
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  if (r.status !== 0) throw new Error(`pty-drive failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { code: number | null; output: string; timedOut: string | null };
}
