/** What is wrong with the form, per field; the view words it. */
export interface PasswordProblems {
  password?: 'tooShort' | 'tooLong' | 'rejected';
  confirmation?: 'mismatch';
}

export interface PasswordChangeContext {
  /** Kept while the member proves the mailbox, so nothing typed is lost on a refusal. */
  password: string;
  confirmation: string;
  problems: PasswordProblems;
  /** The request failed without an answer about the fields (it can be sent again, after a new code). */
  failed: boolean;
  stepUpToken: string | null;
}

export type PasswordChangeEvent =
  /** "Change password" (or "Set a password"): the form opens. */
  | { type: 'password.start' }
  | { type: 'password.submit'; password: string; confirmation: string }
  /** The form closed without a change. */
  | { type: 'password.cancel' }
  /** The confirmation that the password changed was closed. */
  | { type: 'password.dismiss' };

export interface PasswordChangeActorTypes {
  changePassword: { input: { password: string; confirmation: string; stepUpToken: string }; output: undefined };
}
