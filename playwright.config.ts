import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** Browsers are not downloaded: the system's Chromium runs the journeys (CHROMIUM_PATH overrides). */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);
// A fresh embedded database per run, so journeys never depend on an earlier run's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hotel-e2e-'));
// The flags file the server reads: a copy that journeys may rewrite (e2e/flags.spec.ts flips a flag live).
// Set once in the main process; the workers inherit the variable and so find the same file.
if (!process.env.E2E_FEATURES_FILE) {
  process.env.E2E_FEATURES_FILE = join(mkdtempSync(join(tmpdir(), 'hotel-e2e-flags-')), 'flags.json');
  copyFileSync(fileURLToPath(new URL('server/features/flags.json', import.meta.url)), process.env.E2E_FEATURES_FILE);
}
const featuresFile = process.env.E2E_FEATURES_FILE;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The site must be built first (`npm run test:e2e` does); this serves it with the BFF on one port.
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/bff/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The built server runs as in production; journeys read one-time codes from the outbox and sign in
    // through the local identity provider, so those two development aids are switched on.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ENABLE_DEV_OUTBOX: '1',
      ENABLE_DEV_IDP: '1',
      FEATURES_FILE: featuresFile,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
