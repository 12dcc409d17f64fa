/**
 * One process at a time per save file: `muster play` and `resume` hold `<save>.lock` while they play,
 * so a second `play --overwrite` or `resume` of the same file is refused instead of both writing it.
 *
 * The lock file holds the owner's pid and host. A lock is stale, and taken over, when its owner is gone
 * (a crash or kill -9 never leaves a save locked): its pid is not running, or (where /proc exists) that
 * pid is no longer a Node process. A lock taken on another host cannot be checked and is respected.
 * The lock is removed when the process exits.
 *
 * Why not proper-lockfile: it judges a lock stale by its age (mtime refreshed on a timer, stale after
 * 10 s by default), so a `resume` straight after a crash would be refused for those seconds; a pid
 * check frees it at once. (A game on a network drive shared by two hosts is the case it handles better.)
 */
import { closeSync, linkSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { processAlive } from './pid.js';
import { clip } from './quote.js';
import { RecordError, removeStaleTemps, tempPathFor, whyNotWritten } from './record.js';

/** What a lock file holds. */
interface LockInfo {
  pid: number;
  host: string;
}

function readLock(path: string): LockInfo | null {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    if (typeof raw.pid === 'number' && typeof raw.host === 'string') return { pid: raw.pid, host: raw.host };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (!(e instanceof SyntaxError)) throw e;
  }
  return { pid: 0, host: '' }; // unreadable or half-written by a crash: nobody owns it
}

/**
 * Creates `path` holding `text`, failing with EEXIST when it exists. The text is written to a
 * temporary file first and hard-linked into place, so nobody ever reads a lock file half-written
 * (file systems without hard links fall back to an exclusive create).
 */
function createWhole(path: string, text: string): void {
  removeStaleTemps(path);
  const tmp = tempPathFor(path);
  writeFileSync(tmp, text);
  try {
    linkSync(tmp, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } finally {
    unlinkSync(tmp);
  }
}

/** Locks taken by this process, removed at exit. */
const held = new Set<string>();
let exitHook = false;

/** The lock on a save file. */
export class SaveLock {
  private constructor(
    readonly file: string,
    readonly lockPath: string,
  ) {}

  /**
   * Takes the lock on `file` (a save being played). Throws RecordError when another live muster
   * process holds it (naming its pid), or when the lock file cannot be written (naming `file`).
   */
  static acquire(file: string): SaveLock {
    const lockPath = `${file}.lock`;
    const me: LockInfo = { pid: process.pid, host: hostname() };
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        createWhole(lockPath, JSON.stringify(me) + '\n');
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST') throw new RecordError(`cannot write ${clip(file)}: ${whyNotWritten(lockPath, e)}`);
        const owner = readLock(lockPath);
        if (owner && owner.pid === me.pid && owner.host === me.host && held.has(lockPath)) return new SaveLock(file, lockPath);
        if (owner && owner.host && owner.host !== me.host) {
          throw new RecordError(
            `${clip(file)} is being played by muster process ${owner.pid} on host ${clip(owner.host)}; ` +
              `if no game is running there, delete ${clip(lockPath)}`,
          );
        }
        if (owner && processAlive(owner.pid) && owner.pid !== me.pid) {
          throw new RecordError(
            `${clip(file)} is being played by another muster process (pid ${owner.pid}): ` +
              'finish or quit that game first (two processes writing one save would lose one game)',
          );
        }
        // Stale (its owner crashed or was killed): take it over.
        try {
          unlinkSync(lockPath);
        } catch (x) {
          if ((x as NodeJS.ErrnoException).code !== 'ENOENT') throw x;
        }
        continue;
      }
      held.add(lockPath);
      if (!exitHook) {
        exitHook = true;
        process.on('exit', releaseAll);
      }
      return new SaveLock(file, lockPath);
    }
    throw new RecordError(`cannot lock ${clip(file)}: other processes keep taking ${clip(lockPath)}`);
  }

  /** Gives the lock up (only if it is still ours). */
  release(): void {
    releaseOne(this.lockPath);
  }

  /** Gives up this process's lock on `file`, if it holds one (a game saved under a new name: Save as). */
  static releaseHeld(file: string): void {
    releaseOne(`${file}.lock`);
  }
}

function releaseOne(lockPath: string): void {
  if (!held.delete(lockPath)) return;
  const owner = readLock(lockPath);
  if (owner && owner.pid === process.pid) {
    try {
      unlinkSync(lockPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
}

function releaseAll(): void {
  for (const p of [...held]) {
    try {
      releaseOne(p);
    } catch {
      // At exit nothing more can be done; a lock left behind is stale and taken over next time.
    }
  }
}
