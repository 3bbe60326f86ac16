// One server per embedded-database folder. PGlite has no server of its own to arbitrate: two
// processes opening one folder would each write their own copy of the pages and one would silently
// lose its orders. A lock file names the holder (pid and, on Linux, the process start time, so a
// recycled pid is not mistaken for the holder); a holder that no longer runs (kill -9, power loss)
// leaves a stale lock that the next start takes over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${path.resolve(dataDir)} is in use by another server process (pid ${holderPid}). ` +
        'Stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL to share PostgreSQL).',
    );
  }
}

interface Holder {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22), when known. */
  started: string | null;
}

function startTime(pid: number): string | null {
  try {
    // The command name (field 2) may contain spaces and parentheses: count fields after its ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else; it may still be a server on this folder.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(holder.pid);
  return holder.started === null || now === null || now === holder.started;
}

function readHolder(file: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' ? { pid: h.pid, started: h.started ?? null } : null;
  } catch {
    return null;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, started: startTime(process.pid) };
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // An unreadable file is a write cut short by a crash (or another start racing us: retry).
      if (holder && holder.pid !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      if (holder || attempt > 0) rmSync(file, { force: true });
      else pause(50);
      continue;
    }
    // Two starts taking over one stale lock at once: only the one whose file survived holds it.
    if (readFileSync(file, 'utf8') !== mine) continue;
    return () => {
      if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
    };
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dataDir, holder?.pid ?? 0);
}
