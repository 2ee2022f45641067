import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import * as jose from 'jose';
import Provider, { interactionPolicy, type ProviderContext } from 'oidc-provider';
import * as v from 'valibot';
import { LOCAL_CLIENT_IDS } from '../auth/settings';

/**
 * A local OpenID Connect provider standing in for Google and for Apple in development and tests: two
 * issuers, `{origin}/dev/idp/google` and `{origin}/dev/idp/apple`, each with one public client
 * (authorization code with PKCE; client ids in LOCAL_CLIENT_IDS). Its login page asks only for an email
 * (any email works; the test users are listed as buttons) and there is no consent step. It runs only
 * outside production or with ENABLE_DEV_IDP=1: anyone can sign in as anyone here.
 */

export const DEV_IDP_PATH = '/dev/idp';
export const DEV_IDP_NAMES = ['google', 'apple'] as const;
export type DevIdpName = (typeof DEV_IDP_NAMES)[number];

export interface DevIdpUser {
  email: string;
  givenName: string;
  familyName: string;
}

/** Test users shown on the login page. The first of each matches a seeded member; the second has no member. */
export const DEV_IDP_TEST_USERS: Record<DevIdpName, readonly DevIdpUser[]> = {
  google: [
    { email: 'anna.schmidt@example.com', givenName: 'Anna', familyName: 'Schmidt' },
    { email: 'new.google.guest@example.com', givenName: 'Noah', familyName: 'Google' },
  ],
  apple: [
    { email: 'omar.haddad@example.com', givenName: 'Omar', familyName: 'Haddad' },
    { email: 'new.apple.guest@example.com', givenName: 'Nora', familyName: 'Apple' },
  ],
};

/** The provider's stable user id for an email: the same email always gets the same `sub`. */
export function devIdpSubject(name: DevIdpName, email: string): string {
  return `${name}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 20)}`;
}

export interface LocalIdentityProviders {
  issuer(name: DevIdpName): string;
  clientId(name: DevIdpName): string;
  /** Answers a request whose path starts with DEV_IDP_PATH (a 404 for anything else). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const EmailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email());

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('Form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  res.end(html);
}

function loginPage(name: DevIdpName, action: string, abort: string): string {
  const title = name === 'google' ? 'Local Google' : 'Local Apple';
  const users = DEV_IDP_TEST_USERS[name]
    .map(
      (user) =>
        `<li><button type="submit" name="email" value="${escapeHtml(user.email)}">${escapeHtml(`${user.givenName} ${user.familyName}`)} &lt;${escapeHtml(user.email)}&gt;</button></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}: sign in</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;margin:.5rem 0}ul{padding:0;list-style:none}</style>
</head><body>
<h1>${title} (development)</h1>
<p>This stands in for ${name === 'google' ? 'Google' : 'Apple'} outside production. Any email signs in.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="given_name">First name (optional)</label><input id="given_name" name="given_name">
<label for="family_name">Last name (optional)</label><input id="family_name" name="family_name">
<button type="submit">Sign in</button>
</form>
<h2>Test users</h2>
<form method="post" action="${escapeHtml(action)}"><ul>${users}</ul></form>
<form method="post" action="${escapeHtml(abort)}"><button type="submit">Cancel</button></form>
</body></html>`;
}

type Stored = { payload: Record<string, unknown>; expiresAt: number };

const GRANT_BOUND_MODELS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** oidc-provider's storage, in memory and per provider: a development stand-in loses its sessions on restart. */
function memoryAdapter() {
  const entries = new Map<string, Stored>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entries.get(key);
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    #key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      entries.set(this.#key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.#key(id))?.payload;
    }
    async findByUserCode(userCode: string) {
      return [...entries.keys()].map((key) => live(key)?.payload).find((payload) => payload?.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...entries.keys()]
        .filter((key) => key.startsWith(`${this.model}:`))
        .map((key) => live(key)?.payload)
        .find((payload) => payload?.uid === uid);
    }
    async consume(id: string) {
      const entry = live(this.#key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      entries.delete(this.#key(id));
    }
    /** Only the grant's tokens go; sessions and interactions also name a grant but outlive it. */
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of entries) {
        if (GRANT_BOUND_MODELS.has(key.split(':')[0] ?? '') && entry.payload.grantId === grantId) entries.delete(key);
      }
    }
  };
}

async function createProvider(name: DevIdpName, origin: string) {
  const mountPath = `${DEV_IDP_PATH}/${name}`;
  const issuer = `${origin}${mountPath}`;
  const accounts = new Map<string, DevIdpUser>();
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await jose.exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: `${name}-${randomBytes(6).toString('hex')}` };

  // The login page every time, even with a session at the provider: tests and developers switch users.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.push(new interactionPolicy.Check('always_ask', 'the local provider asks at every sign-in', (ctx) => !ctx.oidc.result?.login));

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: LOCAL_CLIENT_IDS[name],
        token_endpoint_auth_method: 'none',
        // Registered for form's sake; any page of a local origin is accepted (see redirectUriAllowed below).
        redirect_uris: [`${origin}/auth/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The ID token carries the email (the BFF reads it there), as Google's and Apple's do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    clientBasedCORS: () => true,
    ttl: { AccessToken: 600, AuthorizationCode: 120, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: {
      policy,
      url: async (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const user = accounts.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: user.email,
            // Apple sends the flag as a string; the BFF accepts both.
            email_verified: name === 'apple' ? 'true' : true,
            given_name: user.givenName,
            family_name: user.familyName,
            name: `${user.givenName} ${user.familyName}`,
          };
        },
      };
    },
    // First-party stand-in: every sign-in is granted its scopes without a consent page.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre></body></html>`;
    },
  });

  const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', new URL(origin).hostname]);
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri: string) {
    const url = URL.parse(uri);
    return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && localHosts.has(url.hostname);
  };

  const callback = provider.callback();

  async function handle(req: IncomingMessage, res: ServerResponse, rest: string) {
    const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(rest.split('?')[0] ?? '');
    if (!interaction) {
      // oidc-provider finds its routes below the issuer's path, the way Express's mount hands them over.
      Object.assign(req, { originalUrl: req.url, url: rest || '/' });
      await callback(req, res);
      return;
    }
    const [, uid, action] = interaction;
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, '<p>This sign-in has expired. Start again.</p>');
    if (req.method === 'GET' && !action) {
      return send(res, 200, loginPage(name, `${mountPath}/interaction/${uid}/login`, `${mountPath}/interaction/${uid}/abort`));
    }
    if (req.method === 'POST' && action === '/abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === '/login') {
      const form = await readForm(req);
      const email = v.safeParse(EmailSchema, form.get('email') ?? '');
      if (!email.success) return send(res, 400, '<p>Enter a valid email address. Go back and try again.</p>');
      const known = DEV_IDP_TEST_USERS[name].find((user) => user.email === email.output);
      const [localPart = 'guest'] = email.output.split('@');
      const user: DevIdpUser = {
        email: email.output,
        givenName: form.get('given_name')?.trim() || known?.givenName || localPart,
        familyName: form.get('family_name')?.trim() || known?.familyName || 'Tester',
      };
      const accountId = devIdpSubject(name, user.email);
      accounts.set(accountId, user);
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }
    send(res, 405, '<p>Method not allowed</p>');
  }

  return { issuer, handle };
}

/** Starts both providers for a server reachable at `origin` (e.g. http://127.0.0.1:4173). */
export async function createLocalIdentityProviders(origin: string): Promise<LocalIdentityProviders> {
  const base = origin.replace(/\/+$/, '');
  const providers = {
    google: await createProvider('google', base),
    apple: await createProvider('apple', base),
  };
  return {
    issuer: (name) => providers[name].issuer,
    clientId: (name) => LOCAL_CLIENT_IDS[name],
    async handle(req, res) {
      const path = req.url ?? '/';
      const match = /^\/dev\/idp\/(google|apple)(\/.*)?$/.exec(path);
      if (!match) return send(res, 404, '<p>Not found</p>');
      const name = match[1] as DevIdpName;
      try {
        await providers[name].handle(req, res, match[2] ?? '');
      } catch {
        // oidc-provider answers its own errors; this is for ours (no interaction cookie, bad form).
        if (!res.headersSent) send(res, 400, '<p>This sign-in could not continue. Start again.</p>');
      }
    },
  };
}

/**
 * The local providers inside the server process: requests under DEV_IDP_PATH are handed to them on the
 * raw Node request (oidc-provider is a Koa app). They start once the server's URL is known, since their
 * issuer URL is derived from it; before that they answer 503.
 */
export function devIdentityProviderMount() {
  let providers: LocalIdentityProviders | undefined;
  return {
    issuer: (name: DevIdpName) => providers?.issuer(name),
    matches: (pathname: string) => pathname === DEV_IDP_PATH || pathname.startsWith(`${DEV_IDP_PATH}/`),
    async start(origin: string) {
      providers = await createLocalIdentityProviders(origin);
    },
    async fetch(env: unknown): Promise<Response> {
      const { incoming, outgoing } = (env ?? {}) as { incoming?: IncomingMessage; outgoing?: ServerResponse };
      if (!providers || !incoming || !outgoing) return new Response('The local identity provider is not running', { status: 503 });
      await providers.handle(incoming, outgoing);
      return RESPONSE_ALREADY_SENT;
    },
  };
}
