import * as v from 'valibot';
import { HostedCardMessageSchema, HostedCvvMessageSchema } from '../../../contract/ecommerce';
import type { HostedCardMessage, HostedCvvMessage } from '../../../contract/ecommerce';

/**
 * A message from the provider's hosted card form or CVV field (window.postMessage). Only messages from
 * the provider's own origin and in the contract's shape count: any page can post to this window, and a
 * forged "card tokenized" must never set the card the guest pays with.
 */
export function readHostedMessage(event: Pick<MessageEvent, 'origin' | 'data'>, providerOrigin: string): HostedCardMessage | HostedCvvMessage | null {
  if (event.origin !== providerOrigin) return null;
  const card = v.safeParse(HostedCardMessageSchema, event.data);
  if (card.success) return card.output;
  const cvv = v.safeParse(HostedCvvMessageSchema, event.data);
  return cvv.success ? cvv.output : null;
}

/**
 * The address of one of the provider's hosted fields in this page: the provider only talks to the page
 * that framed it when that page's origin is named (parent_origin), and speaks the visitor's language.
 */
export function hostedFieldUrl(fieldUrl: string, parentOrigin: string, locale: string): string {
  const url = new URL(fieldUrl);
  url.searchParams.set('parent_origin', parentOrigin);
  url.searchParams.set('locale', locale);
  return url.toString();
}
