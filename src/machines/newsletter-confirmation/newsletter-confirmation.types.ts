export interface NewsletterConfirmationInput {
  /** The confirmation link's token; null when the page was opened without one. */
  token: string | null;
  /** Whether this browser followed the link before and had it confirmed (read when the BFF refuses it). */
  wasConfirmedHere: (token: string) => boolean;
}

export type NewsletterConfirmationContext = NewsletterConfirmationInput;

export type NewsletterConfirmationEvent =
  /** The confirmation could not be sent or answered (no outcome): send it again. */
  { type: 'confirmation.retry' };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the live binding or a test). */
export interface NewsletterConfirmationActorTypes {
  confirm: { input: { token: string }; output: { newsletter: string } };
}
