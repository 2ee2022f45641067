import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema, MAILBOX_PATH, MEMBER_PATHS, OUTBOX_PATH, OutboxResponseSchema } from '../../src/contract/auth';
import { useServerWorkspace } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { LOCAL_CLIENT_IDS } from '../auth/settings';
import { type Config, loadConfig } from '../config';
import { DEMO_MEMBERS } from '../db/seed/members';
import { demoLoopbackOrigin, type RunningServer, startServer } from '../start';
import { signInAtLocalProvider } from './local-idp-client';

/*
 * The whole server over real HTTP with its development pages: the local identity provider mounted at
 * /dev/idp on the server's own port (its issuer follows the port), Google sign-in through it, and the
 * outbox page. In production they are off unless ENABLE_DEV_IDP / ENABLE_DEV_OUTBOX say otherwise.
 */

// One database for the file (the servers run one after another): only the first start seeds it.
const workspace = useServerWorkspace('bff-dev-pages-');

function configFor(env: Record<string, string>): Config {
  return { ...loadConfig(env), host: '127.0.0.1', dataDir: join(workspace.workDir, 'data'), databaseUrl: workspace.databaseUrl };
}

async function withServer(config: Config, run: (server: RunningServer, logger: ReturnType<typeof createMemoryLogger>) => Promise<void>) {
  // The real clock: the local provider stamps its tokens with it.
  const logger = createMemoryLogger();
  const server = await startServer({ config, port: 0, serveStatic: false, logger });
  try {
    await run(server, logger);
  } finally {
    await server.close();
  }
}

describe('development pages', () => {
  it('runs the local Google on the server’s own port and signs a seeded member in with it; the outbox answers', async () => {
    await withServer(configFor({}), async (server, logger) => {
      // One line says the mode, and where the mailbox is.
      expect(logger.lines.filter((line) => line.msg === 'demo mode')).toEqual([
        expect.objectContaining({ mode: 'demo', mailbox: `${server.url}/bff${MAILBOX_PATH}`, localSignIn: true }),
      ]);
      expect((await fetch(`${server.url}/bff${MAILBOX_PATH}`)).status).toBe(200);
      const issuer = `${server.url}/dev/idp/google`;
      const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { issuer: string; token_endpoint: string };
      expect(discovery.issuer).toBe(issuer);
      expect(discovery.token_endpoint.startsWith(server.url)).toBe(true);

      const { idToken } = await signInAtLocalProvider({
        issuer,
        clientId: LOCAL_CLIENT_IDS.google,
        email: DEMO_MEMBERS.withPassword,
        redirectUri: `${server.url}/en/account/login`,
      });
      const login = await fetch(`${server.url}/bff${AUTH_PATHS.google}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: idToken }),
      });
      const result = v.parse(LoginResponseSchema, await login.json()).data;
      expect(result.result).toBe('Authenticated');
      if (result.result !== 'Authenticated') return;
      const profile = await fetch(`${server.url}/bff${MEMBER_PATHS.profile}`, { headers: { authorization: `Bearer ${result.token}` } });
      expect(profile.status).toBe(200);

      // Apple too, with a user the seed does not know: registration.
      const apple = await signInAtLocalProvider({
        issuer: `${server.url}/dev/idp/apple`,
        clientId: LOCAL_CLIENT_IDS.apple,
        email: 'new.apple.guest@example.com',
      });
      const appleLogin = await fetch(`${server.url}/bff${AUTH_PATHS.apple}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authorization: { id_token: apple.idToken } }),
      });
      expect(v.parse(LoginResponseSchema, await appleLogin.json()).data.result).toBe('RegistrationRequired');

      await fetch(`${server.url}/bff${AUTH_PATHS.otpCode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_MEMBERS.codeOnly, locale: 'ar' }),
      });
      const outbox = await fetch(`${server.url}/bff${OUTBOX_PATH}?to=${encodeURIComponent(DEMO_MEMBERS.codeOnly)}`);
      expect(outbox.status).toBe(200);
      expect(v.parse(OutboxResponseSchema, await outbox.json()).data[0]).toMatchObject({ to: DEMO_MEMBERS.codeOnly, kind: 'otp' });
    });
  }, 120_000);

  it('keeps both off in production, and turns them on with ENABLE_DEV_IDP=1 and ENABLE_DEV_OUTBOX=1', async () => {
    await withServer(configFor({ SITE_MODE: 'production' }), async (server, logger) => {
      expect(logger.lines.filter((line) => line.msg === 'production mode')).toEqual([expect.objectContaining({ mode: 'production', mailbox: null, localSignIn: false })]);
      expect((await fetch(`${server.url}/dev/idp/google/.well-known/openid-configuration`)).status).toBe(404);
      expect((await fetch(`${server.url}/bff${OUTBOX_PATH}`)).status).toBe(404);
      expect((await fetch(`${server.url}/bff${MAILBOX_PATH}`)).status).toBe(404);
    });
    await withServer(configFor({ NODE_ENV: 'production' }), async (server) => {
      expect((await fetch(`${server.url}/bff${OUTBOX_PATH}`)).status).toBe(404);
    });
    await withServer(configFor({ NODE_ENV: 'production', ENABLE_DEV_IDP: '1', ENABLE_DEV_OUTBOX: '1' }), async (server) => {
      expect((await fetch(`${server.url}/dev/idp/google/.well-known/openid-configuration`)).status).toBe(200);
      expect((await fetch(`${server.url}/bff${OUTBOX_PATH}`)).status).toBe(200);
    });
  });
});

describe('the demo on any loopback name', () => {
  it('serves a request to localhost, 127.0.0.1 or [::1] as that origin (card form, mail links), only in the demo without PUBLIC_URL', () => {
    const demo = loadConfig({});
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(demoLoopbackOrigin(demo, `${origin}/en/booking/check-out`)).toBe(origin);
    }
    expect(demoLoopbackOrigin(demo, 'http://hotels.example.com:3000/en/')).toBeUndefined();
    expect(demoLoopbackOrigin(loadConfig({ SITE_MODE: 'production' }), 'http://127.0.0.1:3000/en/')).toBeUndefined();
    expect(demoLoopbackOrigin(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }), 'http://127.0.0.1:3000/en/')).toBeUndefined();
  });
});
