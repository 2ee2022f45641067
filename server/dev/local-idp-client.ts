import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';

/**
 * Signs in at the local identity provider the way a browser would (authorization code with PKCE, the
 * login form posted, cookies kept), and returns the ID token. For tests and scripts; the BFF never
 * calls it.
 */
export interface LocalSignIn {
  issuer: string;
  clientId: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** Where the provider sends the code; any page of the local origin works. Default `{origin}/auth/callback`. */
  redirectUri?: string;
}

const DiscoverySchema = v.object({ authorization_endpoint: v.string(), token_endpoint: v.string() });
const TokenSchema = v.object({ id_token: v.string() });

class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0) this.#cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
  }
  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function signInAtLocalProvider(options: LocalSignIn): Promise<{ idToken: string }> {
  const origin = new URL(options.issuer).origin;
  const redirectUri = options.redirectUri ?? `${origin}/auth/callback`;
  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header() } });
    jar.take(response);
    return response;
  };

  const discovery = v.parse(DiscoverySchema, await (await fetch(`${options.issuer}/.well-known/openid-configuration`)).json());
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(discovery.authorization_endpoint);
  for (const [key, value] of Object.entries({
    client_id: options.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(key, value);
  }

  let location = authorize.toString();
  for (let step = 0; step < 8; step += 1) {
    if (location.startsWith(redirectUri)) {
      const answer = new URL(location);
      if (answer.searchParams.get('state') !== state) throw new Error('The provider answered with another state');
      const code = answer.searchParams.get('code');
      if (!code) throw new Error(`The provider refused: ${answer.searchParams.get('error') ?? 'no code'}`);
      const token = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          code_verifier: verifier,
        }),
      });
      if (!token.ok) throw new Error(`The token endpoint answered ${token.status}: ${await token.text()}`);
      return { idToken: v.parse(TokenSchema, await token.json()).id_token };
    }
    let response: Response;
    if (/\/interaction\/[\w-]+$/.test(new URL(location, origin).pathname)) {
      const page = await request(location);
      if (page.status !== 200) throw new Error(`The login page answered ${page.status}`);
      const form = new URLSearchParams({ email: options.email });
      if (options.givenName) form.set('given_name', options.givenName);
      if (options.familyName) form.set('family_name', options.familyName);
      response = await request(`${location}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    } else {
      response = await request(location);
    }
    const next = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !next) {
      throw new Error(`Expected a redirect from ${location}, got ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    location = new URL(next, origin).toString();
  }
  throw new Error('Too many redirects at the local identity provider');
}
