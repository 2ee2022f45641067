import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The server as a process (`node --import tsx server/main.ts`, as npm start runs it) on the embedded
 * database: one process per data folder. The tests wait for what the processes print and for their exit,
 * never for a time.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ServerProcess {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** The URL from the "listening" line; rejects if the process exits first. */
  listening: Promise<string>;
  exited: Promise<number | null>;
}

/** A hang limit per process start (a cold start with seeding takes half a minute on a busy machine). */
const PER_START_MS = 180_000;

const running = new Set<ChildProcess>();

function startProcess(dataDir: string): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-site'), SSR_ENTRY: join(dataDir, 'no-build.js'), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.includes('"msg":"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  listening.catch(() => undefined); // awaited by the tests that expect it
  return { child, output: () => output, listening, exited };
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bff-process-'));
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('two server processes on one data folder', () => {
  it('the second refuses to start, naming the folder; the first keeps serving; after it stops, a new start works', { timeout: 3 * PER_START_MS }, async () => {
    const first = startProcess(dataDir);
    const url = await first.listening;

    const second = startProcess(dataDir);
    // Settles either way: listening (the fault) or exiting before it.
    await expect(second.listening).rejects.toThrow(/exited \(1\) before listening/);
    expect(second.output()).toContain(`The embedded database in ${join(dataDir, 'pglite')} is in use by another process (pid ${first.child.pid})`);
    expect(second.output()).not.toContain('"msg":"listening"');

    expect((await fetch(`${url}/bff/health`)).status).toBe(200);
    expect(await stop(first)).toBe(0);

    const third = startProcess(dataDir);
    const thirdUrl = await third.listening;
    expect((await fetch(`${thirdUrl}/bff/health`)).status).toBe(200);
    expect(await stop(third)).toBe(0);
  });

  it('a lock left by a process that was killed does not block the next start', { timeout: 2 * PER_START_MS }, async () => {
    const killed = startProcess(dataDir);
    await killed.listening;
    await stop(killed, 'SIGKILL');
    expect(await readFile(join(dataDir, 'pglite.lock'), 'utf8')).toBe(`${killed.child.pid}\n`);

    const next = startProcess(dataDir);
    const url = await next.listening;
    expect((await fetch(`${url}/bff/health`)).status).toBe(200);
    expect(await stop(next)).toBe(0);
  });
});
