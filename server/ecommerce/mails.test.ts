import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/contract/ecommerce';
import { LOCALES } from '../../src/contract/locales';
import { bookingOfOrder, formatMailDate } from './booking-mail';
import { cancellationMail, confirmationMail, modificationMail } from './mails';

/*
 * The booking mails without a database: every site locale (Arabic right to left), every interpolated
 * value escaped in the HTML part and plain in the text part.
 */

const HOSTILE = '<img src=x onerror="alert(1)"> & Co';

function order(overrides: Partial<Order> = {}): Order {
  const room = {
    room_stay_id: 'r1',
    room_type_code: 'STD',
    room_type_name: `Standard ${HOSTILE}`,
    rate_code: 'AX',
    adults_count: 2,
    child_ages: [4],
    price: 180,
    price_with_tax: 200,
    city_tax: 10,
    points_price: 0,
    reservation_number: 'SBTG-ABCD2345',
    addons: [{ addon_code: 'PARK', name: `Parking ${HOSTILE}`, pricing: 'per_stay' as const, quantity: 1, price: 15 }],
    unclaimed_benefits: [],
    receive_points_for_green_option: false,
    traveller: null,
    reservation_info: {
      rate_name: 'Flexible Rate',
      guarantee_policy_code: 'GCC',
      guarantee_type: 'guarantee' as const,
      cancellation_policy_code: 'CXL',
      free_cancellation_until: null,
      breakfast_included: true,
      is_member_rate: false,
    },
    status: 'confirmed' as const,
    cancellable: true,
    modifiable: true,
  };
  return {
    order_id: '3b5e8f1c-6a1d-4c1e-9a55-6e2f3a1b2c3d',
    cart_id: 'c1',
    created_at: '2026-03-02T09:00:00.000Z',
    currency: 'EUR',
    customer: { email: 'guest@example.com', sso_guid: null },
    payment_method: 'card',
    amount_paid: 35,
    points_paid: 0,
    amount_at_hotel: 200,
    amount_to_pay_total: 235,
    city_tax_total: 10,
    amount_refunded: 0,
    points_earned: 0,
    status: 'confirmed',
    insurance: { product: 'cancellation', price: 20 },
    voucher_discount: 0,
    hotel: {
      hotel_code: 'SBTG',
      name: `Hotel ${HOSTILE}`,
      street: 'Lichtensteinallee 1',
      postal_code: '10787',
      city: 'Berlin',
      country_code: 'DE',
      country: 'Germany',
      phone: '+49 30 123456',
      latitude: 52.5,
      longitude: 13.3,
      check_in_from: '15:00',
      check_out_until: '12:00',
      time_zone: 'Europe/Berlin',
      map_url: 'https://www.openstreetmap.org/',
    },
    stays: [{ stay_id: 's1', hotel_code: 'SBTG', hotel_name: `Hotel ${HOSTILE}`, check_in_date: '2026-04-01', check_out_date: '2026-04-03', night_count: 2, room_stays: [room] }],
    ...overrides,
  } as Order;
}

const LINK = 'https://www.example.com/en/booking/confirmation?order_id=3b5e8f1c&token=abc.def';

describe('booking mails', () => {
  it('escape every value in the HTML part, keep the text part plain, and show what the page shows', () => {
    const mail = confirmationMail('guest@example.com', bookingOfOrder(order(), 'en', LINK));
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hotel &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co');
    expect(mail.html).toContain('Parking &lt;img');
    expect(mail.html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(`Hotel ${HOSTILE}`);
    for (const shown of [
      'Lichtensteinallee 1, 10787 Berlin, Germany',
      '+49 30 123456',
      'Phone: +49 30 123456',
      'Map: https://www.openstreetmap.org/',
      'from 15:00',
      'until 12:00',
      'Breakfast: included',
      '1 × Parking',
      'Cancellation insurance: €20.00',
      'Paid: €35.00',
      'Due at the hotel: €200.00',
      'City tax, paid at the hotel: €10.00',
      'Children: 1',
      LINK,
    ]) {
      expect(mail.text).toContain(shown);
    }
    expect(mail.text).toContain(formatMailDate('2026-04-01', 'en'));
  });

  it("link the hotel's phone (tel:) and its address (the map) in the HTML part, with the hotel's own times in the locale", () => {
    const base = order();
    const hotel = base.hotel ? { ...base.hotel, phone: '+49 (30) 555-0123', check_in_from: '14:00', check_out_until: '11:30', map_url: 'https://www.openstreetmap.org/?mlat=52.5&mlon=13.3' } : null;
    const mail = confirmationMail('guest@example.com', bookingOfOrder({ ...base, hotel }, 'en', LINK));
    expect(mail.html).toContain('<a href="tel:+49305550123">+49 (30) 555-0123</a>');
    expect(mail.html).toContain('<a href="https://www.openstreetmap.org/?mlat=52.5&amp;mlon=13.3">Lichtensteinallee 1, 10787 Berlin, Germany</a>');
    expect(mail.text).toContain('Map: https://www.openstreetmap.org/?mlat=52.5&mlon=13.3');
    expect(mail.text).toContain('from 14:00');
    expect(mail.text).toContain('until 11:30');
    // British English, as the site writes it: a 24-hour clock, never "11:30 AM".
    expect(mail.text).not.toMatch(/\b[AP]M\b/);
    expect(mail.text).toContain(formatMailDate('2026-04-01', 'en'));
    expect(formatMailDate('2026-04-01', 'en')).toBe('Wednesday, 1 April 2026');
    const german = confirmationMail('guest@example.com', bookingOfOrder({ ...base, hotel }, 'de', LINK));
    expect(german.text).toContain('14:00');
    expect(german.text).toContain('11:30');
    expect(german.text).toContain('Telefon: +49 (30) 555-0123');
  });

  it('say a breakfast bought as an extra is booked, not that breakfast is not included', () => {
    const base = order();
    const [stay] = base.stays;
    const [room] = stay?.room_stays ?? [];
    if (!stay || !room) throw new Error('the fixture has a room');
    const withBreakfast = {
      ...room,
      reservation_info: { ...room.reservation_info, breakfast_included: false },
      addons: [{ addon_code: 'BREAKFAST', name: 'Breakfast', pricing: 'per_adult_per_night' as const, quantity: 2, price: 96 }],
    };
    const without = { ...withBreakfast, addons: [] };
    const mail = (rooms: (typeof room)[]) => confirmationMail('guest@example.com', bookingOfOrder({ ...base, stays: [{ ...stay, room_stays: rooms }] }, 'en', LINK));
    expect(mail([withBreakfast]).text).toContain('Breakfast: booked as an extra');
    expect(mail([withBreakfast]).text).toContain('Extras: 2 × Breakfast');
    expect(mail([without]).text).toContain('Breakfast: not included');
  });

  it('are written in every site locale, Arabic right to left, dates in the locale', () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const booking = bookingOfOrder(order(), locale, LINK);
      const mails = [
        confirmationMail('guest@example.com', booking),
        cancellationMail('guest@example.com', booking, 'SBTG-ABCD2345', 50),
        modificationMail('guest@example.com', booking, { reservationNumber: 'SBTG-ABCD2345', difference: -20, charged: -20 }),
      ];
      for (const mail of mails) {
        subjects.add(mail.subject);
        expect(mail.locale).toBe(locale);
        expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(mail.text).toContain(formatMailDate('2026-04-03', locale));
      }
    }
    // Three mails in eight languages, none falling back to another's text.
    expect(subjects.size).toBe(3 * LOCALES.length);
    expect(formatMailDate('2026-04-03', 'de')).toContain('April');
    expect(formatMailDate('2026-04-03', 'fr')).toContain('avril');
  });

  it('tell a partial cancellation from the last one, and the refund and the price difference', () => {
    const [stay] = order().stays;
    const [room] = stay?.room_stays ?? [];
    if (!stay || !room) throw new Error('the fixture has a room');
    const cancelledRoom = { ...room, status: 'cancelled' as const };
    const partly = cancellationMail('guest@example.com', bookingOfOrder(order(), 'en', LINK), 'SBTG-ABCD2345', 0);
    expect(partly.subject).toBe('Reservation SBTG-ABCD2345 is cancelled');
    expect(partly.text).toContain('Nothing is refunded for this room.');
    const all = cancellationMail('guest@example.com', bookingOfOrder(order({ stays: [{ ...stay, room_stays: [cancelledRoom] }] }), 'de', LINK), 'SBTG-ABCD2345', 50);
    expect(all.subject).toBe('Ihre Buchung ist storniert');
    expect(all.text).toMatch(/50,00\s€ werden/);
    const cheaper = modificationMail('guest@example.com', bookingOfOrder(order(), 'en', LINK), { reservationNumber: 'SBTG-ABCD2345', difference: -20, charged: -20 });
    expect(cheaper.text).toContain('Price difference: -€20.00.');
    expect(cheaper.text).toContain('€20.00 will be refunded to your payment method.');
  });
});
