import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderError, lockDataFolder, lockFileOf } from './data-folder-lock';
import { openDatabase } from './database';

/*
 * The embedded database's folder: one process at a time, and a damaged folder stops the start with a
 * message naming it. PGlite only (the folder is PGlite's), whatever DATABASE_URL says.
 */

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'bff-data-folder-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

let folders = 0;
async function newFolder(): Promise<string> {
  folders += 1;
  const folder = join(workDir, `folder-${folders}`);
  await mkdir(folder, { recursive: true });
  return folder;
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('the child process did not start');
  return child.pid;
}

describe('lockDataFolder', () => {
  it('refuses a folder another running process holds, naming the folder and the process', async () => {
    const folder = await newFolder();
    await writeFile(lockFileOf(folder), `${process.ppid}\n`);
    const refused = lockDataFolder(folder);
    await expect(refused).rejects.toThrow(DataFolderError);
    await expect(refused).rejects.toThrow(`The embedded database in ${folder} is in use by another process (pid ${process.ppid})`);
    expect(await readFile(lockFileOf(folder), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('refuses a second lock in the same process until the first is released', async () => {
    const folder = await newFolder();
    const lock = await lockDataFolder(folder);
    await expect(lockDataFolder(folder)).rejects.toThrow(/is already open in this process/);
    await lock.release();
    expect(existsSync(lockFileOf(folder))).toBe(false);
    await (await lockDataFolder(folder)).release();
  });

  it('takes over a stale lock: its process is gone, or it carries our pid from an earlier process', async () => {
    for (const stalePid of [await deadPid(), process.pid]) {
      const folder = await newFolder();
      await writeFile(lockFileOf(folder), `${stalePid}\n`);
      const lock = await lockDataFolder(folder);
      expect(await readFile(lockFileOf(folder), 'utf8')).toBe(`${process.pid}\n`);
      await lock.release();
    }
  });

  it('leaves a lock that is no longer its own when released', async () => {
    const folder = await newFolder();
    const lock = await lockDataFolder(folder);
    await unlink(lock.path);
    await writeFile(lock.path, `${process.ppid}\n`);
    await lock.release();
    expect(await readFile(lock.path, 'utf8')).toBe(`${process.ppid}\n`);
  });
});

describe('openDatabase on a data folder', () => {
  it('opens a folder once per process, and again after it is closed', async () => {
    const dataDir = await newFolder();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(`The embedded database in ${join(dataDir, 'pglite')} is already open in this process`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('names the folder and says what to do when its files are damaged or deleted', async () => {
    const dataDir = await newFolder();
    const folder = join(dataDir, 'pglite');
    const created = await openDatabase({ dataDir });
    await created.close();

    // Damaged: the control file overwritten.
    const control = join(folder, 'global', 'pg_control');
    const original = await readFile(control);
    await writeFile(control, 'not a control file');
    const damaged = openDatabase({ dataDir });
    await expect(damaged).rejects.toThrow(DataFolderError);
    await expect(damaged).rejects.toThrow(
      new RegExp(`^The embedded database in ${folder} cannot be opened: .+\\. Stop other processes using it, or move the folder away to start with fresh demo data\\.$`),
    );
    await writeFile(control, original);

    // Deleted: without PG_VERSION, PGlite would write a new, empty database over the remains.
    const version = join(folder, 'PG_VERSION');
    const versionText = await readFile(version);
    await unlink(version);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`The embedded database in ${folder} cannot be opened: its files are incomplete (PG_VERSION is missing)`);
    expect(existsSync(join(folder, 'base'))).toBe(true);

    // Repaired, it opens again: the failures left no lock behind.
    await writeFile(version, versionText);
    const repaired = await openDatabase({ dataDir });
    await repaired.close();
    expect(existsSync(lockFileOf(folder))).toBe(false);
  });
});

