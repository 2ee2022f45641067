import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A software authenticator with the browser around it, for tests of the passkey routes: it makes ES256
 * (P-256) key pairs with node:crypto and answers registration options with a `none` attestation and
 * sign-in options with an assertion, in the JSON shapes @simplewebauthn/browser hands the web app. The
 * few CBOR values it needs (the COSE key and the attestation object) are encoded here by hand.
 *
 * What a real browser and authenticator decide (the page's origin, the RP ID, the flags, the counter) can
 * be set per call, so tests can forge what an attacker's page or a copied authenticator would send.
 */

const FLAGS = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedCredentialData: 0x40 } as const;
/** The COSE key of an ES256 public key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x and y. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface AuthenticatorOptions {
  /** The page the browser shows: written into the client data. */
  origin: string;
  /**
   * How far the counter moves per signature; 0 for authenticators that keep none (synced passkeys
   * usually report 0 every time).
   */
  counterStep?: number;
}

/** What a call may change from what an honest browser and authenticator would send. */
export interface Forgery {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  userVerified?: boolean;
}

export function createSoftwareAuthenticator({ origin, counterStep = 1 }: AuthenticatorOptions) {
  const credentials: Credential[] = [];

  function clientData(type: string, challenge: string, forged: Forgery): Buffer {
    return Buffer.from(JSON.stringify({ type: forged.type ?? type, challenge: forged.challenge ?? challenge, origin: forged.origin ?? origin, crossOrigin: false }));
  }

  function newCredential(rpId: string, userHandle: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    credentials.push({ id, privateKey, publicKey, rpId, userHandle, counter: 0 });
    return { id, publicKey };
  }

  /** A credential made before, attested again (what a client ignoring `excludeCredentials` could send). */
  function again(credentialId: string) {
    const credential = credentials.find((candidate) => candidate.id.toString('base64url') === credentialId);
    if (!credential) throw new Error('No such credential');
    return credential;
  }

  function flags(forged: Forgery, extra = 0): number {
    return FLAGS.userPresent | (forged.userVerified === false ? 0 : FLAGS.userVerified) | extra;
  }

  return {
    /** The credentials made so far, newest last (their ids base64url). */
    get credentialIds(): string[] {
      return credentials.map((credential) => credential.id.toString('base64url'));
    },

    /**
     * Answers `navigator.credentials.create()` for these options: a new key pair (or, forged, one made
     * before) and a `none` attestation.
     */
    register(options: PublicKeyCredentialCreationOptionsJSON, forged: Forgery & { sameCredentialAs?: string } = {}): RegistrationResponseJSON {
      const rpId = forged.rpId ?? options.rp.id ?? new URL(origin).hostname;
      const { id, publicKey } = forged.sameCredentialAs ? again(forged.sameCredentialAs) : newCredential(rpId, options.user.id);
      const attestedCredentialData = Buffer.concat([Buffer.alloc(16), uint16(id.length), id, coseKey(publicKey)]);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(forged, FLAGS.attestedCredentialData)]), uint32(0), attestedCredentialData]);
      const attestationObject = cborMap([
        [cborText('fmt'), cborText('none')],
        [cborText('attStmt'), cborMap([])],
        [cborText('authData'), cborBytes(authData)],
      ]);
      return {
        id: id.toString('base64url'),
        rawId: id.toString('base64url'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData('webauthn.create', options.challenge, forged).toString('base64url'),
          attestationObject: attestationObject.toString('base64url'),
          transports: ['internal', 'hybrid'],
        },
      };
    },

    /**
     * Answers `navigator.credentials.get()` with the newest credential of the options' RP ID (a
     * discoverable credential: the options name none), or the one given.
     */
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      forged: Forgery & { credentialId?: string; counter?: number; userHandle?: string } = {},
    ): AuthenticationResponseJSON {
      const rpId = options.rpId ?? new URL(origin).hostname;
      const credential = forged.credentialId
        ? credentials.find((candidate) => candidate.id.toString('base64url') === forged.credentialId)
        : credentials.findLast((candidate) => candidate.rpId === rpId);
      if (!credential) throw new Error(`No passkey for ${rpId}`);
      credential.counter = forged.counter ?? credential.counter + counterStep;
      const authenticatorData = Buffer.concat([sha256(forged.rpId ?? rpId), Buffer.from([flags(forged)]), uint32(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, forged);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: credential.id.toString('base64url'),
        rawId: credential.id.toString('base64url'),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authenticatorData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: forged.userHandle ?? credential.userHandle,
        },
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y) throw new Error('Not an EC public key');
  return cborMap([
    [cborInt(COSE.kty), cborInt(COSE.EC2)],
    [cborInt(COSE.alg), cborInt(COSE.ES256)],
    [cborInt(COSE.crv), cborInt(COSE.P256)],
    [cborInt(COSE.x), cborBytes(Buffer.from(jwk.x, 'base64url'))],
    [cborInt(COSE.y), cborBytes(Buffer.from(jwk.y, 'base64url'))],
  ]);
}

// ---------- the little CBOR (RFC 8949) these values need ----------

/** The head of a data item: major type and argument (lengths and values below 65,536 are enough here). */
function cborHead(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  if (argument < 256) return Buffer.from([(major << 5) | 24, argument]);
  if (argument < 65_536) return Buffer.concat([Buffer.from([(major << 5) | 25]), uint16(argument)]);
  throw new Error('Value too large for this encoder');
}

const cborInt = (value: number) => (value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value));
const cborBytes = (bytes: Buffer) => Buffer.concat([cborHead(2, bytes.length), bytes]);
const cborText = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([cborHead(3, bytes.length), bytes]);
};
const cborMap = (entries: [Buffer, Buffer][]) => Buffer.concat([cborHead(5, entries.length), ...entries.flat()]);
