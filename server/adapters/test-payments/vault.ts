import { randomBytes } from 'node:crypto';
import type { CardDetails } from '../../ports/payments';
import { cardBrand } from './cards';

/**
 * The provider's card vault, in memory: this is a stand-in provider and forgets everything on restart.
 * Card numbers and security codes stay inside this module: nothing here returns them, and a vaulted card
 * turns into brand and last four when serialised, so a stray log line cannot carry them.
 *
 * A token from the hosted form lives `tokenLifetimeMs` (one hour by default) unless it is kept: once the
 * merchant has looked at it (describeCard) or paid with it, it becomes a stored card, usable until the
 * card expires, the way a real provider's stored payment method is. The security code entered with the
 * card is used for the first authorisation only and then dropped; later payments with the stored card
 * bring a one-time CVV token from the hosted CVV field.
 */

export const DEFAULT_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

class VaultedCard {
  kept = false;
  constructor(
    readonly token: string,
    readonly number: string,
    readonly expiryMonth: number,
    readonly expiryYear: number,
    public cvc: string | null,
    readonly createdAt: number,
  ) {}

  get brand(): string {
    return cardBrand(this.number);
  }

  get last4(): string {
    return this.number.slice(-4);
  }

  details(): CardDetails {
    return { token: this.token, brand: this.brand, last4: this.last4, expiryMonth: this.expiryMonth, expiryYear: this.expiryYear };
  }

  /** What JSON.stringify (and so every logger) sees. */
  toJSON() {
    return { token: this.token, brand: this.brand, last4: this.last4 };
  }
}

/** A card as the provider's own authorisation logic sees it (the number decides the test outcome). */
export interface VaultedCardView {
  details: CardDetails;
  number: string;
}

interface CvvEntry {
  createdAt: number;
  used: boolean;
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

export function createCardVault(now: () => Date, tokenLifetimeMs = DEFAULT_TOKEN_LIFETIME_MS) {
  const cards = new Map<string, VaultedCard>();
  const cvvTokens = new Map<string, CvvEntry>();

  const fresh = (createdAt: number) => now().getTime() - createdAt < tokenLifetimeMs;

  /** Drops what can no longer be used, so the stand-in does not grow without bound. */
  function sweep() {
    for (const [token, card] of cards) if (!card.kept && !fresh(card.createdAt)) cards.delete(token);
    for (const [token, entry] of cvvTokens) if (entry.used || !fresh(entry.createdAt)) cvvTokens.delete(token);
  }

  function live(token: string): VaultedCard | undefined {
    const card = cards.get(token);
    return card && (card.kept || fresh(card.createdAt)) ? card : undefined;
  }

  return {
    tokenize(card: { number: string; expiryMonth: number; expiryYear: number; cvc: string }): CardDetails {
      sweep();
      const vaulted = new VaultedCard(randomId('tok_test'), card.number, card.expiryMonth, card.expiryYear, card.cvc, now().getTime());
      cards.set(vaulted.token, vaulted);
      return vaulted.details();
    },

    tokenizeCvv(): string {
      sweep();
      const token = randomId('cvv_test');
      // The code itself is not needed: a test provider accepts any well-formed one, so it is not kept at all.
      cvvTokens.set(token, { createdAt: now().getTime(), used: false });
      return token;
    },

    /** The card behind a live token, kept from now on; undefined for an unknown or expired token. */
    keep(token: string): VaultedCardView | undefined {
      const card = live(token);
      if (!card) return undefined;
      card.kept = true;
      return { details: card.details(), number: card.number };
    },

    /** After the first authorisation the security code entered with the card is gone for good. */
    dropSecurityCode(token: string) {
      const card = cards.get(token);
      if (card) card.cvc = null;
    },

    /** Uses up a CVV token; false when it is unknown, expired or already used. */
    useCvvToken(token: string): boolean {
      const entry = cvvTokens.get(token);
      if (!entry || entry.used || !fresh(entry.createdAt)) return false;
      entry.used = true;
      return true;
    },
  };
}

export type CardVault = ReturnType<typeof createCardVault>;
