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
    const cardToken = t.payments?.tokenFor(TEST_CARDS.success);
    const withCard = t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(first.cart_id), { credit_card_id: cardToken, save: true }, tokens.anna));
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
      cardToken,
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
    t.payments?.expireToken(t.payments.lastToken());
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

describe('card tokens stay with what made them', () => {
  const anyTokenIn = (body: unknown) => JSON.stringify(body).match(/tok_\d+/g) ?? [];

  it('never answers the provider token: not on the cart, its card, the pay answer or the ordered cart', async () => {
    const guest = await t.readyCart();
    const token = t.payments?.lastToken() ?? '';
    const cartAnswer = await t.get(ECOMMERCE_PATHS.cart(guest.cart_id));
    expect(anyTokenIn(cartAnswer.body)).toEqual([]);
    expect(t.cartOf(cartAnswer)).toMatchObject({ credit_card_id: expect.any(String), card: { brand: 'visa', last4: '4242' } });
    const paidAnswer = await t.pay(guest.cart_id, 'no-token-1');
    expect(anyTokenIn(paidAnswer.body)).toEqual([]);
    expect(anyTokenIn((await t.get(ECOMMERCE_PATHS.cart(guest.cart_id))).body)).toEqual([]);
    expect(JSON.stringify((await t.get(ECOMMERCE_PATHS.cart(guest.cart_id))).body)).not.toContain(token);

    const member = await cardCart(tokens.anna);
    await t.put(ECOMMERCE_PATHS.creditCard(member.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.success), save: true }, tokens.anna);
    expect(anyTokenIn((await t.get(ECOMMERCE_PATHS.cart(member.cart_id), tokens.anna)).body)).toEqual([]);
    expect(anyTokenIn((await t.get(ECOMMERCE_PATHS.creditCards, tokens.anna)).body)).toEqual([]);
  });

  it('refuses a token set on one cart for any other cart, a guest or another member, and as a payment instrument', async () => {
    const first = await t.readyCart();
    const token = t.payments?.lastToken() ?? '';
    const guests = await cardCart();
    const replayed = await t.put(ECOMMERCE_PATHS.creditCard(guests.cart_id), { credit_card_id: token });
    expect([replayed.status, errorOf(replayed).issues?.map((issue) => issue.path)]).toEqual([400, ['credit_card_id']]);
    const omars = await cardCart(tokens.omar);
    expect((await t.put(ECOMMERCE_PATHS.creditCard(omars.cart_id), { credit_card_id: token }, tokens.omar)).status).toBe(400);
    const before = t.payments?.authorizations.length ?? 0;
    await t.put(ECOMMERCE_PATHS.creditCard(guests.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.declined) });
    expect((await t.pay(guests.cart_id, 'replay-instrument-1', undefined, { payment_instrument_id: token })).status).toBe(400);
    expect(t.payments?.authorizations.length).toBe(before);
    // The cart the token was entered for keeps it.
    expect(t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(first.cart_id), { credit_card_id: token })).card?.last4).toBe('4242');
    expect(t.resultOf(await t.pay(first.cart_id, 'replay-owner-1')).status).toBe('succeeded');
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(4);
  });

  it("refuses a saved card's token as a raw token, even to its member", async () => {
    const cart = await cardCart(tokens.anna);
    const token = t.payments?.tokenFor(TEST_CARDS.success) ?? '';
    await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: token, save: true }, tokens.anna);
    const next = await cardCart(tokens.anna);
    expect((await t.put(ECOMMERCE_PATHS.creditCard(next.cart_id), { credit_card_id: token }, tokens.anna)).status).toBe(400);
    const guests = await cardCart();
    expect((await t.put(ECOMMERCE_PATHS.creditCard(guests.cart_id), { credit_card_id: token })).status).toBe(400);
  });

  it('pays with a saved card chosen again only with a fresh CVV token', async () => {
    const first = await cardCart(tokens.omar);
    await t.put(ECOMMERCE_PATHS.creditCard(first.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.success), save: true }, tokens.omar);
    const cardId = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(first.cart_id), tokens.omar)).credit_card_id ?? '';
    // The card entered for this cart: its first payment uses the security code entered with it.
    orderIdOf(await t.pay(first.cart_id, 'fresh-cvv-1', tokens.omar));

    const second = await cardCart(tokens.omar);
    t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(second.cart_id), { credit_card_id: cardId }, tokens.omar));
    const before = t.payments?.authorizations.length ?? 0;
    const withoutCvv = await t.pay(second.cart_id, 'fresh-cvv-2', tokens.omar);
    expect([withoutCvv.status, codeOf(withoutCvv)]).toEqual([422, 'cvv_required']);
    expect(t.payments?.authorizations.length).toBe(before);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(4);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(second.cart_id), tokens.omar)).status).toBe('open');
    // By id in the pay request: the same.
    expect(codeOf(await t.pay(second.cart_id, 'fresh-cvv-3', tokens.omar, { payment_instrument_id: cardId }))).toBe('cvv_required');

    await t.put(ECOMMERCE_PATHS.creditCardCvv(cardId), { cvv_token: 'cvv_fresh_one' }, tokens.omar);
    orderIdOf(await t.pay(second.cart_id, 'fresh-cvv-2', tokens.omar));
    expect(t.payments?.authorizations.at(-1)?.cvvToken).toBe('cvv_fresh_one');
    // Used: the next payment with the card needs another.
    const third = await cardCart(tokens.omar);
    t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(third.cart_id), { credit_card_id: cardId }, tokens.omar));
    expect(codeOf(await t.pay(third.cart_id, 'fresh-cvv-4', tokens.omar))).toBe('cvv_required');
  });

  it("refuses to save a token that is not the member's: another's cart, a guest's cart, another's saved card", async () => {
    const annas = await cardCart(tokens.anna);
    const annasToken = t.payments?.tokenFor(TEST_CARDS.success) ?? '';
    await t.put(ECOMMERCE_PATHS.creditCard(annas.cart_id), { credit_card_id: annasToken }, tokens.anna);
    expect((await t.post(ECOMMERCE_PATHS.creditCards, { token: annasToken }, tokens.omar)).status).toBe(400);

    const guests = await cardCart();
    const guestsToken = t.payments?.tokenFor(TEST_CARDS.success) ?? '';
    await t.put(ECOMMERCE_PATHS.creditCard(guests.cart_id), { credit_card_id: guestsToken });
    expect((await t.post(ECOMMERCE_PATHS.creditCards, { token: guestsToken }, tokens.omar)).status).toBe(400);

    const saved = await cardCart(tokens.anna);
    const savedToken = t.payments?.tokenFor(TEST_CARDS.success) ?? '';
    await t.put(ECOMMERCE_PATHS.creditCard(saved.cart_id), { credit_card_id: savedToken, save: true }, tokens.anna);
    expect((await t.post(ECOMMERCE_PATHS.creditCards, { token: savedToken }, tokens.omar)).status).toBe(400);
    const omars = await cardCart(tokens.omar);
    expect((await t.put(ECOMMERCE_PATHS.creditCard(omars.cart_id), { credit_card_id: savedToken, save: true }, tokens.omar)).status).toBe(400);

    // Their own: a fresh token from the account page's card form, and the token of their own cart.
    expect((await t.post(ECOMMERCE_PATHS.creditCards, { token: annasToken }, tokens.anna)).status).toBe(201);
    expect((await t.post(ECOMMERCE_PATHS.creditCards, { token: t.payments?.tokenFor(TEST_CARDS.success) }, tokens.omar)).status).toBe(201);
  });
});
