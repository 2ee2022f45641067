import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * One process per embedded-database folder. PGlite keeps no lock of its own: two processes on one folder
 * both start, each with its own copy of the data in memory, and overwrite each other's writes. The lock
 * is a file beside the folder holding the owner's process id, created atomically (it exists or it does
 * not); a lock whose process is gone (killed, crashed) is taken over.
 */

/** The embedded database cannot be used: its folder is in use or damaged. The message says what to do. */
export class DataFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFolderError';
  }
}

export interface DataFolderLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Locks this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

/** The lock file of a database folder: `<folder>.lock`, beside it, so it is no file of the database's own. */
export function lockFileOf(folder: string): string {
  return join(dirname(folder), `${basename(folder)}.lock`);
}

/** Takes the lock of `folder` (an absolute path), or throws a DataFolderError naming the folder and its owner. */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  const path = lockFileOf(folder);
  const content = `${process.pid}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await createExclusively(path, content)) {
      held.add(path);
      return { path, release: () => release(path, content) };
    }
    const owner = await readOwner(path);
    if (owner === 'gone') continue; // released between our try and our read: try again
    if (owner !== undefined && !isRunningElsewhere(owner, path)) {
      await removeStaleLock(path, owner);
      continue;
    }
    const who = owner === process.pid ? 'is already open in this process' : `is in use by another process${owner ? ` (pid ${owner})` : ''}`;
    throw new DataFolderError(
      `The embedded database in ${folder} ${who}. ` +
        `Stop that process, or set DATA_DIR to another folder. If no process uses it, delete ${path}.`,
    );
  }
  throw new DataFolderError(`The embedded database in ${folder} could not be locked: ${path} keeps changing. Is another process starting on it?`);
}

/** O_EXCL: exactly one process creates the file; everyone else gets EEXIST. */
async function createExclusively(path: string, content: string): Promise<boolean> {
  try {
    await writeFile(path, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The owner's pid; undefined when the file does not hold one (being written, or not ours); 'gone' when deleted meanwhile. */
async function readOwner(path: string): Promise<number | undefined | 'gone'> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    return /^[0-9]{1,10}$/.test(text) ? Number(text) : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
}

function isRunningElsewhere(pid: number, path: string): boolean {
  // Our own pid on a lock we do not hold: left by an earlier process that had the same pid (a container restarted).
  if (pid === process.pid) return held.has(path);
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale lock aside before deleting it, and checks that what was moved is still the stale lock:
 * two processes finding the same stale lock must not delete the fresh lock the faster one just took.
 */
async function removeStaleLock(path: string, stalePid: number): Promise<void> {
  const aside = `${path}.${process.pid}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readOwner(aside);
  if (moved !== stalePid) {
    // Another process took the lock meanwhile: give it back (link fails if yet another lock is there).
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function release(path: string, content: string): Promise<void> {
  if (!held.delete(path)) return;
  // Only our own lock: after a takeover, the file may be another process's.
  const current = await readFile(path, 'utf8').catch(() => undefined);
  if (current === content) await unlink(path).catch(() => undefined);
}
