import { createFacebookVerifier } from '../adapters/facebook-graph';
import { createLocalLoyalty } from '../adapters/local-loyalty';
import { createOidcIdTokenVerifier } from '../adapters/oidc-id-token-verifier';
import { createOutboxMailer } from '../adapters/outbox-mailer';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { createMemberStore, type MemberStore } from '../members/store';
import type { FacebookVerifier, IdTokenVerifier } from '../ports/identity';
import type { LoyaltyPort } from '../ports/loyalty';
import type { MailPort } from '../ports/mail';
import { type CodeStore, createCodeStore } from './codes';
import { createKeyStore, type KeyStore } from './keys';
import { mailLinks } from './mails';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { createSessionStore, type SessionStore } from './sessions';
import { type AuthSettings, defaultAuthSettings, LOCAL_CLIENT_IDS } from './settings';
import { createTokenService, type TokenService } from './tokens';

/** What the app is given for sign-in: settings, and adapters a test (or another deployment) swaps. */
export interface AuthOptions {
  settings?: AuthSettings;
  mail?: MailPort;
  loyalty?: LoyaltyPort;
  google?: IdTokenVerifier;
  apple?: IdTokenVerifier;
  facebook?: FacebookVerifier;
  /** The local identity provider's issuer per name, once it runs (server/dev/identity-provider.ts). */
  localIssuer?: (name: 'google' | 'apple') => string | undefined;
  /** The site's origin when PUBLIC_URL is unset: the server's own URL, known once it listens. */
  origin?: () => string | undefined;
}

/** Everything the auth and members routes share. */
export interface Auth {
  db: Database;
  logger: Logger;
  now: () => Date;
  settings: AuthSettings;
  keys: KeyStore;
  tokens: TokenService;
  codes: CodeStore;
  sessions: SessionStore;
  limiter: RateLimiter;
  members: MemberStore;
  mail: MailPort;
  verifiers: { google: IdTokenVerifier; apple: IdTokenVerifier; facebook: FacebookVerifier };
  /** Links to the web app's pages, for mails. */
  links(): ReturnType<typeof mailLinks>;
  /** The OpenID Connect issuer and client id the browser signs in with, per provider (undefined: off). */
  oidcClient(name: 'google' | 'apple'): { issuer: string | undefined; clientId: string | undefined };
}

export function createAuth({ db, logger, now }: { db: Database; logger: Logger; now: () => Date }, options: AuthOptions = {}): Auth {
  const settings = options.settings ?? defaultAuthSettings();
  const keys = createKeyStore({ db, settings, logger, now });
  /** Where ID tokens of this provider come from: the configured issuer, else the local provider when it runs. */
  const oidc = (name: 'google' | 'apple') => {
    const configured = settings[name];
    if (configured.issuer) return { issuer: () => configured.issuer, clientId: configured.clientId };
    if (!settings.devIdp) return { issuer: () => undefined, clientId: undefined };
    return { issuer: () => options.localIssuer?.(name), clientId: configured.clientId ?? LOCAL_CLIENT_IDS[name] };
  };
  const social = (name: 'google' | 'apple') => createOidcIdTokenVerifier({ ...oidc(name), now });
  return {
    db,
    logger,
    now,
    settings,
    keys,
    tokens: createTokenService({ keys, issuer: settings.issuer, now }),
    codes: createCodeStore({ db, keys, now }),
    sessions: createSessionStore({ db, now }),
    limiter: createRateLimiter({ db, now }),
    members: createMemberStore({ db, loyalty: options.loyalty ?? createLocalLoyalty(), now }),
    mail: options.mail ?? createOutboxMailer({ db, logger, now }),
    verifiers: {
      google: options.google ?? social('google'),
      apple: options.apple ?? social('apple'),
      facebook: options.facebook ?? createFacebookVerifier(settings.facebook),
    },
    links: () => mailLinks(settings.publicUrl ?? options.origin?.() ?? 'http://localhost:3000'),
    oidcClient(name) {
      const { issuer, clientId } = oidc(name);
      return { issuer: issuer(), clientId };
    },
  };
}
