/**
 * Measures how long the site takes to answer after it is started: with `npm start` (build included)
 * and with the server alone, each on an empty data folder and then on the folder the first start left.
 * Prints medians over several runs. Usage: npm run bench:start [-- runs]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.MEASURE_PORT ?? 4180);

async function timeUntilHealthy(command: string, args: string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  // A start that fails (the data folder in use, a bad configuration) ends the measurement at once.
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
  });
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`${command} exited (${exitCode}) before it answered`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/bff/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error(`${command} did not answer within three minutes`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (exitCode === undefined && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const variants: [string, string, string[]][] = [
  ['npm start', 'npm', ['start']],
  ['server only', process.execPath, ['--import', 'tsx', 'server/main.ts']],
];
for (const [name, command, args] of variants) {
  const empty: number[] = [];
  const existing: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'hotel-start-'));
    empty.push(await timeUntilHealthy(command, args, dataDir));
    existing.push(await timeUntilHealthy(command, args, dataDir));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const show = (values: number[]) => `median ${(median(values) / 1000).toFixed(2)} s (runs: ${values.map((v) => (v / 1000).toFixed(2)).join(', ')})`;
  console.log(`${name}, empty data folder: ${show(empty)}`);
  console.log(`${name}, existing data folder: ${show(existing)}`);
}
