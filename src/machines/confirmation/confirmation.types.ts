export interface ConfirmationInput {
  /** The order id of the address, if it has one. */
  orderId: string | null;
  /** The token of the confirmation mail's link, when the page was opened from it (and it was well formed). */
  linkToken: string | null;
  /** Whether the address carries a token parameter at all (a malformed one too): it leaves the address. */
  tokenInAddress: boolean;
  /** The page shows a change just saved on the modify page: the booking was no new conversion. */
  afterChange: boolean;
}

export interface ConfirmationContext {
  orderId: string | null;
  linkToken: string | null;
  tokenInAddress: boolean;
  afterChange: boolean;
}

export type ConfirmationEvent =
  /** The order of the page has loaded (its query has data). */
  { type: 'order.loaded'; orderId: string };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` where the actor is created). */
export interface ConfirmationActorTypes {
  /** Trades the mail link's token for the order's access key (kept by this tab); answers the order's id. */
  exchangeLink: { input: { token: string }; output: string };
  /** Sends `order.loaded` once the order shows (now, if it already does). */
  watchOrder: { input: { orderId: string } };
}

/** Where the address should point: the token out, and the order's id in when there is one. */
export interface AddressOrder {
  orderId: string | null;
}

/** Tags views select on. */
export type ConfirmationTag = 'linkPending';
