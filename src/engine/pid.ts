/** Whether a process is still there: for locks and temporary files left by a process that was killed. */
import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` is running on this host (EPERM: it exists but belongs to another user).
 * Where /proc tells, a pid reused by an unrelated program after a crash does not count: the owner
 * must be a Node process (muster runs under Node).
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return /node|muster/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc (macOS), or the process ended just now: trust the pid
  }
}
