import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY, useServerWorkspace } from '../test/bff/database';
import { createMemoryLogger } from '../test/bff/memory-logger';
import { type Config, loadConfig } from './config';
import { type RunningServer, startServer } from './start';

/*
 * The whole process over real HTTP: database preparation, BFF and site on one port, restart on an
 * existing database. PGlite in a temporary data folder, or its own database when DATABASE_URL is set.
 */

const workspace = useServerWorkspace('bff-start-');
let config: Config;

beforeAll(async () => {
  const staticDir = join(workspace.workDir, 'dist');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><html lang="en"><body><div id="app"></div></body></html>');
  config = { ...loadConfig({}), host: '127.0.0.1', dataDir: join(workspace.workDir, 'data'), staticDir, databaseUrl: workspace.databaseUrl };
});

async function withServer(run: (server: RunningServer, logger: ReturnType<typeof createMemoryLogger>) => Promise<void>) {
  const logger = createMemoryLogger();
  const server = await startServer({ config, port: 0, logger, now: () => TEST_TODAY });
  try {
    await run(server, logger);
  } finally {
    await server.close();
  }
}

describe('startServer', () => {
  it('prepares an empty database, then serves the BFF and the site on one port', async () => {
    await withServer(async (server, logger) => {
      const listening = logger.lines.find((line) => line.msg === 'listening');
      expect(listening).toMatchObject({ url: server.url, seeded: true, inventoryNightsAdded: 0, serveStatic: true });
      console.info(`cold start (empty database, seeding included): ${server.startupMs} ms`, listening);

      const health = await fetch(`${server.url}/bff/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      const brands = await fetch(`${server.url}/bff/content/brands?locale=ar`);
      expect(brands.status).toBe(200);

      const home = await fetch(`${server.url}/`, { redirect: 'manual', headers: { 'Accept-Language': 'ar' } });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/ar/');
      expect(await (await fetch(`${server.url}/ar/`)).text()).toContain('dir="rtl"');

      // Idle connections outlive the client's own idle limit, so the client closes them first and never
      // sends a request on a connection the server is closing (a reset connection).
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        const agent = new Agent({ keepAlive: true });
        get(`${server.url}/bff/health`, { agent }, (answer) => {
          answer.resume();
          const header = answer.headers['keep-alive'];
          resolve(typeof header === 'string' ? header : undefined);
          agent.destroy();
        }).on('error', reject);
      });
      expect(keepAlive).toBe('timeout=65');

      const unknown = await fetch(`${server.url}/bff/unknown`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    });
  });

  it('starts again on the existing database without seeding', async () => {
    await withServer(async (server, logger) => {
      const listening = logger.lines.find((line) => line.msg === 'listening');
      expect(listening).toMatchObject({ seeded: false, inventoryNightsAdded: 0 });
      console.info(`warm start (existing database): ${server.startupMs} ms`, listening);
      expect((await fetch(`${server.url}/bff/health`)).status).toBe(200);
    });
  });

  it('serves only the BFF when asked to (development, with Vite in front)', async () => {
    const logger = createMemoryLogger();
    const server = await startServer({ config, port: 0, logger, serveStatic: false, now: () => TEST_TODAY });
    try {
      expect((await fetch(`${server.url}/bff/health`)).status).toBe(200);
      const page = await fetch(`${server.url}/en/`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await server.close();
    }
  });

  it('fails with the listen error when the port is taken, closing the database again', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      await expect(startServer({ config, port, logger: createMemoryLogger(), now: () => TEST_TODAY })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    // The data folder is free again: a new start can open it.
    await withServer(async (server) => expect((await fetch(`${server.url}/bff/health`)).status).toBe(200));
  });

  it('refuses to start with an unusable database and leaves nothing open', async () => {
    const broken: Config = { ...config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(startServer({ config: broken, port: 0, logger: createMemoryLogger() })).rejects.toThrow();
  });
});
