import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { StartCheckinResponseSchema } from '../../src/contract/checkin';
import { preArrivalMails } from '../db/schema';
import { checkinConfirmationMail, preArrivalMail } from './mails';
import { day, ORIGIN, useCheckinTests } from './testing';

/*
 * The pre-arrival mail: sent once per stay when online check-in opens, by the maintenance schedule; its
 * link starts the check-in. And the mails' languages.
 */

const suite = useCheckinTests();
const { t } = suite;
const guest = (email: string) => ({ firstName: 'Gina', lastName: 'Guest', email, memberId: null });

describe('the pre-arrival job', () => {
  it('mails each stay arriving within three days once, with a link that starts its check-in', async () => {
    const today = t.pms.add({ hotelCode: 'SBTG', arrivalDate: day(0), departureDate: day(2), guest: guest('arrives.today@example.com') });
    t.pms.add({ hotelCode: 'SBTG', arrivalDate: day(3), departureDate: day(4), guest: guest('arrives.in3@example.com') });
    t.pms.add({ hotelCode: 'SBTG', arrivalDate: day(4), departureDate: day(5), guest: guest('arrives.in4@example.com') });
    t.pms.add({ hotelCode: 'SBTG', status: 'cancelled', arrivalDate: day(1), departureDate: day(2), guest: guest('cancelled@example.com') });
    t.pms.add({ hotelCode: 'SBTG', status: 'in_house', roomNumber: '301', arrivalDate: day(-1), departureDate: day(2), guest: guest('in.house@example.com') });

    const first = await t.runMaintenance();
    expect(first.preArrivalMails).toBe(2);
    expect((await t.runMaintenance()).preArrivalMails).toBe(0);
    expect(await t.mails('pre_arrival', 'arrives.today@example.com')).toHaveLength(1);
    expect(await t.mails('pre_arrival', 'arrives.in3@example.com')).toHaveLength(1);
    for (const email of ['arrives.in4@example.com', 'cancelled@example.com', 'in.house@example.com']) expect(await t.mails('pre_arrival', email)).toEqual([]);

    const [mail] = await t.mails('pre_arrival', 'arrives.today@example.com');
    expect(mail?.subject).toBe('Check in online for your stay at Steigenberger Hotel Berlin Tiergarten');
    const link = /https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/en/checkin/personal-details`);
    expect(mail?.html).toContain('Check in online');
    const started = await t.start({ token: url.searchParams.get('token') });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(v.parse(StartCheckinResponseSchema, started.body).data.checkin.stay.reservation_number).toBe(today.reservationNumber);

    // The stay of the fourth day gets its mail when its window opens.
    t.setNow(new Date(t.now().getTime() + 24 * 60 * 60 * 1000));
    expect((await t.runMaintenance()).preArrivalMails).toBe(1);
    expect(await t.mails('pre_arrival', 'arrives.in4@example.com')).toHaveLength(1);
  });

  it('sends nothing, and records nothing, while the hotel system does not answer; the next run sends', async () => {
    t.pms.add({ hotelCode: 'SBTG', arrivalDate: day(1), departureDate: day(2), guest: guest('later.sent@example.com') });
    t.pms.down = true;
    expect((await t.runMaintenance()).preArrivalMails).toBe(0);
    t.pms.down = false;
    expect((await t.runMaintenance()).preArrivalMails).toBe(1);
    expect(await t.mails('pre_arrival', 'later.sent@example.com')).toHaveLength(1);
    expect((await suite.db.select().from(preArrivalMails)).length).toBeGreaterThan(0);
  });
});

describe('the mails', () => {
  const preArrival = {
    to: 'gina@example.com',
    guestName: 'Gina <Guest>',
    hotelName: 'Steigenberger Hotel Berlin Tiergarten',
    arrivalDate: '2026-03-03',
    departureDate: '2026-03-05',
    reservationNumber: 'SBTG-123',
    checkinLink: `${ORIGIN}/de/checkin/personal-details?token=abc.def`,
  };

  it('are written in English, German and Arabic (others in English), with the HTML escaped', () => {
    expect(preArrivalMail({ ...preArrival, locale: 'de' }).subject).toBe('Jetzt online einchecken: Ihr Aufenthalt im Steigenberger Hotel Berlin Tiergarten');
    const arabic = preArrivalMail({ ...preArrival, locale: 'ar' });
    expect(arabic.subject).toContain('سجّل وصولك');
    expect(arabic.html).toContain('dir="rtl"');
    expect(preArrivalMail({ ...preArrival, locale: 'fr' }).subject).toBe('Check in online for your stay at Steigenberger Hotel Berlin Tiergarten');
    const english = preArrivalMail({ ...preArrival, locale: 'en' });
    expect(english.html).toContain('Gina &lt;Guest&gt;');
    expect(english.html).not.toContain('<Guest>');
    expect(english.text).toContain(preArrival.checkinLink);
    expect(english.kind).toBe('pre_arrival');

    const confirmation = checkinConfirmationMail({
      ...preArrival,
      locale: 'de',
      confirmationCode: 'ABCD2345',
      arrivalTime: '16:30',
      qrImage: 'data:image/png;base64,AAAA',
      preAuthorisation: '320,00 €',
    });
    expect([confirmation.kind, confirmation.subject]).toEqual(['checkin_confirmation', 'Online-Check-in abgeschlossen: Steigenberger Hotel Berlin Tiergarten']);
    expect(confirmation.html).toContain('<img src="data:image/png;base64,AAAA"');
    expect(confirmation.text).toContain('ABCD2345');
  });
});
