/**
 * Development: Vite serves the site with hot reload on PORT and proxies /bff to the BFF, which runs in
 * its own process on BFF_PORT and restarts whenever a server file changes (node --watch).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 3000);
const bffPort = process.env.BFF_PORT ?? '3001';

const bff = spawn(process.execPath, ['--watch', '--import', 'tsx', 'server/dev-bff.ts'], {
  // Links in mails and the local identity provider's issuer name the address the browser uses (Vite's).
  env: { ...process.env, PORT: bffPort, BFF_PORT: bffPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  stdio: 'inherit',
});

process.env.BFF_PORT = bffPort;
const vite = await createServer({ server: { port, host: process.env.HOST ?? 'localhost' } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  bff.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
