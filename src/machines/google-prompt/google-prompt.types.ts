/** What the page shows now, as the prompt's watcher reports it (router, session, consent, flags). */
export interface PromptConditions {
  pathname: string;
  /** The page's query, as parsed by the router. */
  search: Record<string, unknown>;
  /** The stored token has been read and no member is signed in. */
  signedOut: boolean;
  /** The visitor has granted the socialSignIn consent category. */
  consented: boolean;
  /** The Google Sign-In flag is on. */
  googleFlag: boolean;
  /** This page is the sign-in popup opened by another page of ours. */
  inSignInPopup: boolean;
}

/** What is checked once the 500 ms have passed, just before the prompt shows. */
export interface PromptCheck {
  /** The BFF offers Google (the providers answer). */
  googleAvailable: boolean;
  /** The prompt was shown in this browser within the login-shown lifetime (one day). */
  shownRecently: boolean;
  /** A modal overlay (the sign-in dialog, any other modal) is open. */
  overlayOpen: boolean;
  /** The consent as it is now (it may have been withdrawn meanwhile). */
  consented: boolean;
}

export interface GooglePromptContext {
  /** Null until the watcher first reports. */
  conditions: PromptConditions | null;
}

export type GooglePromptEvent =
  | { type: 'conditions.changed'; conditions: PromptConditions }
  /** Continue with Google: the sign-in dialog opens and starts Google's sign-in. */
  | { type: 'prompt.start' }
  /** Not now. */
  | { type: 'prompt.dismiss' };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` where the prompt starts). */
export interface GooglePromptActorTypes {
  /** Reports the conditions (conditions.changed) at once and on every change. */
  watchConditions: { input: null };
  /** The providers answer, the login-shown flag, open overlays and consent, read after the delay. */
  checkPrompt: { output: PromptCheck };
  /** Loads the sign-in library, so Google's popup can open within the click. */
  prepareSignIn: { output: null };
}
