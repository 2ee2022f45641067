/** What a social sign-in proves about the person: the provider's user id and, when known, the email. */
export interface VerifiedIdentity {
  subject: string;
  /** Lower-case; null when the provider gave none. */
  email: string | null;
  /** True only when the provider vouches for the email (ID token `email_verified`). */
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

/** Thrown for any credential that does not prove an identity; its message is never shown to the client. */
export class IdentityRejectedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IdentityRejectedError';
  }
}

/** Verifies an OpenID Connect ID token (Google, Apple) for our client id. */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/** Verifies a Facebook user access token for our app and the user id the browser SDK reported. */
export interface FacebookVerifier {
  verify(accessToken: string, userId: string): Promise<VerifiedIdentity>;
}
