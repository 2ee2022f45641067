/** A hotel as a heart names it: its code for the BFF, its name for the label and the announcements. */
export interface FavouriteHotel {
  hotelCode: string;
  hotelName: string;
}

/** Why a change was refused: the list is full (409, at most 200 hotels), or anything else (no answer, 404, 500). */
export type FavouriteFailure = 'full' | 'failed';

/** What became of the last change of one hotel, said beside its heart (and on the favourites page). */
export type FavouriteNotice =
  | { kind: 'saved' | 'removed'; hotel: FavouriteHotel }
  | { kind: 'notSaved' | 'notRemoved'; hotel: FavouriteHotel; failure: FavouriteFailure };

export interface FavouritesContext {
  /** The member's favourite hotel codes as the BFF last gave them (newest first); null while not known. */
  saved: readonly string[] | null;
  /** Changes sent and not answered yet: per hotel code, whether it is to be a favourite (shown at once). */
  pending: Readonly<Record<string, boolean>>;
  /** The hotel a visitor asked to save before signing in: it is saved once they have, and forgotten if they do not. */
  intent: FavouriteHotel | null;
  /** The outcome of the last change of each hotel, newest first, one per hotel. */
  notices: readonly FavouriteNotice[];
}

export type FavouritesEvent =
  /** A heart pressed (or "Remove" on the favourites page): the hotel is to be a favourite, or no longer. */
  | { type: 'favourite.set'; hotel: FavouriteHotel; saved: boolean }
  /** From the session (followSession): a member is signed in. */
  | { type: 'session.signedIn' }
  /** From the session: nobody is signed in (after reading storage, or a member left). */
  | { type: 'session.signedOut' }
  /** From the sign-in dialog (followSignIn): the visitor signed in; the session takes the token next. */
  | { type: 'signIn.succeeded' }
  /** From the sign-in dialog: it closed without a sign-in (or its code could not be loaded). */
  | { type: 'signIn.abandoned' }
  /** From the member's list as the query cache holds it (followList): the codes, newest first. */
  | { type: 'favourites.listed'; codes: readonly string[] }
  /** The member's list could not be loaded. */
  | { type: 'favourites.unavailable' }
  /** From saveFavourites: the BFF took a change and answered the list as it is now. */
  | { type: 'favourite.answered'; hotel: FavouriteHotel; saved: boolean; codes: readonly string[] }
  /** From saveFavourites: the BFF refused a change, or did not answer. */
  | { type: 'favourite.refused'; hotel: FavouriteHotel; saved: boolean; error: unknown };

/** What the saving actor is told: one change to send. */
export interface FavouriteChange {
  type: 'favourite.send';
  hotel: FavouriteHotel;
  saved: boolean;
}

/**
 * What views select on: `sessionKnown` (signed in or out, not still reading storage), `member` (signed in),
 * `listKnown` (the member's list is there), `signingIn` (a visitor signed in for a heart; the hotel follows).
 */
export type FavouritesTag = 'sessionKnown' | 'member' | 'listKnown' | 'signingIn';
