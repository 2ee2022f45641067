import { defaultParseSearch } from '@tanstack/router-core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfirmationSearchSchema } from '../../src/contract/booking-pages';
import { ECOMMERCE_PATHS, ORDER_ACCESS_HEADER, OrderAccessResponseSchema, type Order } from '../../src/contract/ecommerce';
import { formatMailDate, formatMailMoney } from './booking-mail';
import { day, STAY, stdRoom, TRAVELLER, useCommerceTests } from './testing';

/*
 * The mails a guest gets for a booking, read from the outbox as they were sent: the confirmation (its
 * link followed as the browser would: the confirmation route's schema, then the order-access exchange),
 * a cancellation with the new totals, and a change with the new stay and the price difference.
 */

const { t } = useCommerceTests();

type OutboxMail = { id: string; kind: string; subject: string; text: string; html?: string | null };

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const answer = await t.get(`/dev/outbox?to=${encodeURIComponent(email)}`);
  return (answer.body as { data: OutboxMail[] }).data;
}

async function newestMail(kind: string): Promise<OutboxMail> {
  const mail = (await mailsTo(TRAVELLER.email)).find((candidate) => candidate.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail`);
  return mail;
}

const numberOf = (order: Order, index = 0) => order.stays[0]?.room_stays[index]?.reservation_number ?? '';
const money = (amount: number) => formatMailMoney(amount, 'EUR', 'en');

/** The booking link of a mail: the one in the text part, which the HTML part's button carries too. */
function linkOf(mail: OutboxMail): URL {
  const link = /https?:\/\/\S+\/booking\/confirmation\S*/.exec(mail.text)?.[0];
  if (!link) throw new Error('no booking link in the mail');
  expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  return new URL(link);
}

describe('booking mails', () => {
  it("sends the confirmation as HTML with a text part; its link opens the booking through the page's schema and the order-access exchange", async () => {
    const order = await t.book({ key: 'mail-confirm-1' });
    const mail = await newestMail('booking-confirmation');
    expect(mail.subject).toBe('Your booking is confirmed');
    expect(mail.text).toContain(numberOf(order));
    expect(mail.text).toContain(formatMailDate(STAY.check_in_date, 'en'));
    expect(mail.html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(mail.html).toContain(numberOf(order));
    expect(mail.html).toContain(formatMailDate(STAY.check_out_date, 'en'));
    expect(mail.html).toContain(money(order.amount_to_pay_total));

    const link = linkOf(mail);
    // The confirmation route reads the address with the router's parser and its schema.
    expect(link.pathname).toBe('/en/booking/confirmation');
    const search = v.parse(ConfirmationSearchSchema, defaultParseSearch(link.search));
    expect(search.order_id).toBe(order.order_id);
    expect(search.token).toBeTruthy();
    const exchanged = await t.post(ECOMMERCE_PATHS.orderAccess, { token: search.token });
    expect(exchanged.status).toBe(200);
    const access = v.parse(OrderAccessResponseSchema, exchanged.body).data;
    expect(access.order_id).toBe(order.order_id);
    const opened = await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, { [ORDER_ACCESS_HEADER]: access.access_key });
    expect(opened.status).toBe(200);
    expect(t.orderOf(opened).order_id).toBe(order.order_id);
  });

  it('sends a mail when one room of two is cancelled, and when the last one is, with the new totals; a repeated cancel sends none', async () => {
    const cart = await t.readyToPay(await t.createCart({ ...STAY, room_stays: [stdRoom(), stdRoom()] }));
    const paid = t.resultOf(await t.pay(cart.cart_id, 'mail-cancel-1'));
    if (paid.status !== 'succeeded') throw new Error(`expected an order, got ${paid.status}`);
    const access = { [ORDER_ACCESS_HEADER]: paid.access_key ?? '' };
    const order = t.orderOf(await t.get(ECOMMERCE_PATHS.order(paid.order_id), undefined, access));
    const before = (await mailsTo(TRAVELLER.email)).length;

    const first = t.orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, numberOf(order, 0)), {}, undefined, access));
    const one = await newestMail('booking-cancellation');
    expect(one.subject).toBe(`Reservation ${numberOf(order, 0)} is cancelled`);
    expect(one.text).toContain(`Reservation ${numberOf(order, 0)} is cancelled.`);
    expect(one.text).toContain(`Total price: ${money(first.amount_to_pay_total)}`);
    expect(one.text).toContain(`Due at the hotel: ${money(first.amount_at_hotel)}`);
    expect(one.text).toContain('(Cancelled)');
    expect(one.html).toContain('class="cancelled"');
    expect(linkOf(one).searchParams.get('order_id')).toBe(order.order_id);

    await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, numberOf(order, 0)), {}, undefined, access);
    expect((await mailsTo(TRAVELLER.email)).length).toBe(before + 1);

    const last = t.orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, numberOf(order, 1)), {}, undefined, access));
    const all = await newestMail('booking-cancellation');
    expect(all.subject).toBe('Your booking is cancelled');
    expect(all.text).toContain('Every room of your booking is cancelled.');
    expect(all.text).toContain(`Total price: ${money(last.amount_to_pay_total)}`);
    expect((await mailsTo(TRAVELLER.email)).length).toBe(before + 2);
  });

  it('sends a mail when a change is saved, with the new stay and the price difference', async () => {
    const order = await t.book({ key: 'mail-modify-1' });
    const started = await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: numberOf(order) }, undefined, t.access(order.order_id));
    const modification = started.body as { data: { modification_id: string; room_stay_id: string } };
    const { modification_id: id, room_stay_id: roomStayId } = modification.data;
    const edited = await t.put(ECOMMERCE_PATHS.modificationRoomStay(id, roomStayId), { check_in_date: day(31), check_out_date: day(34) }, undefined, t.access(order.order_id));
    expect(edited.status).toBe(200);
    const difference = (edited.body as { data: { price_difference: number } }).data.price_difference;
    expect(difference).toBeGreaterThan(0);
    expect((await t.post(ECOMMERCE_PATHS.modificationComplete(id), {}, undefined, t.access(order.order_id))).status).toBe(200);

    const mail = await newestMail('booking-modification');
    expect(mail.subject).toBe(`Reservation ${numberOf(order)} is changed`);
    expect(mail.text).toContain(`Your stay is now from ${formatMailDate(day(31), 'en')} to ${formatMailDate(day(34), 'en')}.`);
    // A night longer: the difference the change showed, due at the hotel (a rate paid there).
    expect(mail.text).toContain(`Price difference: +${money(difference)}.`);
    expect(mail.text).toContain('The difference is settled at the hotel.');
    expect(mail.html).toContain(formatMailDate(day(34), 'en'));
    expect(linkOf(mail).searchParams.get('order_id')).toBe(order.order_id);
  });
});
