import type { HostedCardMessage } from '../../../src/contract/ecommerce';
import type { TestPaymentProvider } from './index';
import { PSP_PATHS } from './provider';

/**
 * What a browser does at the test provider, for server tests: enter a card in the hosted form, enter a
 * saved card's CVV, and press a button on a challenge or approval page. Everything goes through the
 * provider's own HTTP routes, as it would in the browser.
 */

export interface TestCardInput {
  expiryMonth?: number;
  expiryYear?: number;
  cvc?: string;
}

async function postJson(provider: TestPaymentProvider, path: string, body: unknown): Promise<Response> {
  return provider.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: provider.port.merchant().origin },
    body: JSON.stringify(body),
  });
}

/** The hosted form's answer for a card (the fields the form posts to the parent page, without `type`). */
export async function tokenizeTestCard(
  provider: TestPaymentProvider,
  number = '4242424242424242',
  { expiryMonth = 12, expiryYear = new Date().getUTCFullYear() + 3, cvc = '123' }: TestCardInput = {},
): Promise<Omit<HostedCardMessage, 'type'>> {
  const response = await postJson(provider, PSP_PATHS.tokens, { number, expiry_month: expiryMonth, expiry_year: expiryYear, cvc });
  if (response.status !== 201) throw new Error(`The test provider refused the card (${response.status})`);
  return (await response.json()) as Omit<HostedCardMessage, 'type'>;
}

/** A one-time CVV token from the hosted CVV field. */
export async function tokenizeTestCvv(provider: TestPaymentProvider, cvc = '123'): Promise<string> {
  const response = await postJson(provider, PSP_PATHS.cvvTokens, { cvc });
  if (response.status !== 201) throw new Error(`The test provider refused the CVV (${response.status})`);
  return ((await response.json()) as { cvv_token: string }).cvv_token;
}

/**
 * Presses "Complete authentication" / "Approve payment" (approve) or "Fail authentication" / "Cancel"
 * (reject) on the page an `action_required` answer sent the guest to. Answers the provider's 303, whose
 * Location is the return URL with `payment_id` and `status` appended; the notification was delivered first.
 */
export async function answerGuestAction(provider: TestPaymentProvider, redirectUrl: string, decision: 'approve' | 'reject'): Promise<Response> {
  const url = new URL(redirectUrl, provider.port.merchant().origin);
  return provider.app.request(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url.origin },
    body: new URLSearchParams({ payment_id: url.searchParams.get('payment_id') ?? '', decision }).toString(),
  });
}
