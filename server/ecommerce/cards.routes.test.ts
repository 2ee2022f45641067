import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type Cart, ECOMMERCE_PATHS, SavedCardsResponseSchema } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { type Answer, availableRooms, codeOf, START, STAY, stdRoom, useCommerceTests } from './testing';

/*
 * Paying with a member's saved card (saved on a first payment, used on the next with a one-time CVV
 * token; nobody else's), and what the BFF answers when the provider refuses a request as invalid.
 */

const suite = useCommerceTests();
const { t, tokens } = suite;

const errorOf = (answer: Answer) => (answer.body as { error: { code: string; issues?: { path: string }[] } }).error;
const orderIdOf = (answer: Answer) => {
  const result = t.resultOf(answer);
  if (result.status !== 'succeeded') throw new Error(`expected an order, got ${result.status}`);
  return result.order_id;
};
/** A cart of the usual stay with its traveller, paid by card, before any card is set. */
async function cardCart(token?: string): Promise<Cart> {
  const cart = await t.readyToPay(await t.createCart({ ...STAY, room_stays: [stdRoom()] }, token), { method: 'paypal', token });
  return t.cartOf(await t.put(ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: 'card' }, token));
}

describe('saved cards', () => {
  it('saves a card with a payment and pays the next cart with it and a CVV token; another member gets 404 for it', async () => {
    const first = await cardCart(tokens.anna);
    const withCard = t.cartOf(
      await t.put(
        ECOMMERCE_PATHS.creditCard(first.cart_id),
        { credit_card_id: t.payments?.tokenFor(TEST_CARDS.success), save: true },
        tokens.anna,
      ),
    );
    orderIdOf(await t.pay(first.cart_id, 'saved-card-1', tokens.anna));
    const cards = v.parse(SavedCardsResponseSchema, (await t.get(ECOMMERCE_PATHS.creditCards, tokens.anna)).body).data;
    expect(cards.map((card) => [card.brand, card.last4])).toEqual([['visa', '4242']]);
    const cardId = cards[0]?.id ?? '';
    expect(withCard.credit_card_id).toBe(cardId);

    const second = await cardCart(tokens.anna);
    expect((await t.put(ECOMMERCE_PATHS.creditCardCvv(cardId), { cvv_token: 'cvv_second_cart' }, tokens.anna)).status).toBe(200);
    expect(t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(second.cart_id), { credit_card_id: cardId }, tokens.anna)).credit_card_id).toBe(
      cardId,
    );
    orderIdOf(await t.pay(second.cart_id, 'saved-card-2', tokens.anna));
    expect(t.payments?.authorizations.at(-1)).toMatchObject({
      cardToken: t.payments?.tokenFor(TEST_CARDS.success),
      cvvToken: 'cvv_second_cart',
    });

    const others = await cardCart(tokens.omar);
    expect((await t.put(ECOMMERCE_PATHS.creditCard(others.cart_id), { credit_card_id: cardId }, tokens.omar)).status).toBe(404);
    expect((await t.pay(others.cart_id, 'saved-card-3', tokens.omar, { payment_instrument_id: cardId })).status).toBe(404);
    expect((await t.put(ECOMMERCE_PATHS.creditCardCvv(cardId), { cvv_token: 'cvv_not_yours' }, tokens.omar)).status).toBe(404);
    const guests = await cardCart();
    expect((await t.put(ECOMMERCE_PATHS.creditCard(guests.cart_id), { credit_card_id: cardId })).status).toBe(404);
  });
});

describe('requests the provider refuses', () => {
  it('answers 422 invalid_card for a card token that ran out or a CVV token used before; nothing is held', async () => {
    const cart = await t.readyCart();
    t.payments?.expireToken(t.payments.tokenFor(TEST_CARDS.success));
    const expired = await t.pay(cart.cart_id, 'rejected-card-1');
    expect([expired.status, codeOf(expired)]).toEqual([422, 'invalid_card']);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('open');
    // Another card, the same attempt: nothing was tried, so the key can be sent again.
    await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.challenge) });
    expect(t.resultOf(await t.pay(cart.cart_id, 'rejected-card-1')).status).toBe('action_required');

    const saved = await cardCart(tokens.anna);
    await t.put(
      ECOMMERCE_PATHS.creditCard(saved.cart_id),
      { credit_card_id: t.payments?.tokenFor(TEST_CARDS.declined), save: true },
      tokens.anna,
    );
    const cardId = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(saved.cart_id), tokens.anna)).credit_card_id ?? '';
    await t.put(ECOMMERCE_PATHS.creditCardCvv(cardId), { cvv_token: 'cvv_once' }, tokens.anna);
    expect(t.resultOf(await t.pay(saved.cart_id, 'rejected-cvv-1', tokens.anna)).status).toBe('declined');
    await t.put(ECOMMERCE_PATHS.creditCardCvv(cardId), { cvv_token: 'cvv_once' }, tokens.anna);
    const reused = await t.pay(saved.cart_id, 'rejected-cvv-2', tokens.anna);
    expect([reused.status, codeOf(reused)]).toEqual([422, 'invalid_card']);
  });

  it('answers 400 with an issue on return_url for a return address the provider does not take', async () => {
    const cart = await t.readyCart({ card: TEST_CARDS.challenge });
    const origin = new URL(t.payments?.authorizations.at(-1)?.returnUrl ?? 'http://localhost').origin;
    const withCredentials = new URL('/en/booking/check-out', origin);
    withCredentials.username = 'someone';
    const refused = await t.pay(cart.cart_id, 'rejected-url-1', undefined, { return_url: withCredentials.toString() });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).issues?.map((issue) => issue.path)).toEqual(['return_url']);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
  });
});
