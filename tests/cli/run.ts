/** Running the built bin/muster from the CLI tests: one way for all of them. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

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
