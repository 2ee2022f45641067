import type { AppleAuthorization } from '../login/login.types';

/** The login page's query (spec section 2), as the route validated it. */
export interface LoginPageQuery {
  token?: string | undefined;
  credential?: string | undefined;
  select_by?: string | undefined;
  code?: string | undefined;
  id_token?: string | undefined;
  state?: string | undefined;
  reset_token?: string | undefined;
  email?: string | undefined;
}

export interface LoginPageInput {
  query: LoginPageQuery;
}

export interface LoginPageContext {
  query: LoginPageQuery;
  /** The code password-update gave for a new session, until it is exchanged. */
  sessionCode: string | null;
}

export type LoginPageEvent =
  /** From holdDialogOpen: the sign-in panel's machine is open. */
  | { type: 'dialog.opened' }
  /** From the session (watchSignIn): a member is signed in, here or already before. */
  | { type: 'session.signedIn' }
  /** From the session (signInWithLinkToken): it refused the link's token. */
  | { type: 'link.rejected' }
  /** The new password, checked by the form, is saved. */
  | { type: 'password.save'; password: string }
  /** The reset link has expired: the visitor asks for a new one. */
  | { type: 'resetLink.request' };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` where the page starts it). */
export interface LoginPageActorTypes {
  /** Resolves once the app's sign-in machine is there (the app loads it on request). */
  waitForSignIn: { output: null };
  /** Opens the sign-in panel's machine while the page shows it (tells dialog.opened); closes it when the page goes. */
  holdDialogOpen: { input: null };
  /** Tells (session.signedIn) when a member is signed in. */
  watchSignIn: { input: null };
  /** Gives the link's token to the session and tells (link.rejected) when the session refuses it. */
  signInWithLinkToken: { input: { token: string } };
  /** A sign-in code exchanged for a session token. */
  exchangeCode: { input: { code: string }; output: string };
  /** In the sign-in popup: hands the provider's answer to the page that opened it. */
  completePopupSignIn: { output: null };
  /** password-update; the BFF signed every session out and may give a code for a new one. */
  savePassword: { input: { email: string; token: string; password: string }; output: { code: string | null } };
}

export type { AppleAuthorization };
