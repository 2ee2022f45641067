import { type Context, Hono } from 'hono';
import { csrf } from 'hono/csrf';
import QRCode from 'qrcode';
import * as v from 'valibot';
import { addDays } from '../../src/contract/calendar-dates';
import { BFF_PREFIX } from '../../src/contract/content';
import { MAILBOX_PATH } from '../../src/contract/auth';
import { CHARGE_DESCRIPTIONS } from '../adapters/local-property-management';
import type { AppEnv } from '../env';
import { businessDate } from '../lib/calendar';
import { errorBody, notFound } from '../middleware/errors';
import { toErrorIssues } from '../middleware/validate';
import { CHARGE_KINDS, FOLIO_KINDS, type PropertyManagementPort, StayNotFoundError, StayStateError } from '../ports/property-management';
import { DESK_NOTICES, type DeskNotice, HOTEL_DESK_PATH, hotelDeskPage, hotelDeskPagePolicy, type InHouseCard } from './hotel-desk-page';
import type { StayAccessTokens } from './stay-access';

export { HOTEL_DESK_PATH } from './hotel-desk-page';
/** How many days ahead the desk lists arrivals (today included). */
const ARRIVALS_DAYS = 3;

const StayFormSchema = v.object({ stay_id: v.pipe(v.string(), v.uuid('Not a stay')) });
const ChargeFormSchema = v.object({
  stay_id: v.pipe(v.string(), v.uuid('Not a stay')),
  kind: v.picklist(CHARGE_KINDS.filter((kind) => kind !== 'room' && kind !== 'city_tax')),
  /** In the stay's currency, with a point or a comma: `12.50`, `12,5`, `12`. */
  amount: v.pipe(v.string(), v.trim(), v.regex(/^[0-9]{1,6}([.,][0-9]{1,3})?$/, 'Not an amount')),
  folio: v.picklist(FOLIO_KINDS),
});
const DeskQuerySchema = v.object({ done: v.optional(v.picklist(Object.keys(DESK_NOTICES) as DeskNotice[])) });

/** Minor units of an amount typed in major units, with the currency's own decimals. */
function toMinor(amount: string, currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const [whole = '0', fraction = ''] = amount.replace(',', '.').split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
}

/**
 * The demo's hotel desk (decision record 0053) at GET /bff/dev/hotel-desk: it stands in for the front
 * desk and the card in the room. Only when the development outbox is on (the demo; off in production),
 * like the mailbox. Its forms post to the desk (`stay_id` in the body, not the address, so request logs
 * hold no stay ids) and answer with a redirect back; a post from another site is refused (Origin or
 * Sec-Fetch-Site must be this origin), and the page sends `Referrer-Policy: same-origin` so the browser
 * sends its Origin.
 */
export function hotelDeskRoutes({
  enabled,
  propertyManagement,
  stayTokens,
  now,
  origin,
}: {
  enabled: boolean;
  propertyManagement: PropertyManagementPort;
  stayTokens: StayAccessTokens;
  now: () => Date;
  /** The site's origin, for the room card's link. */
  origin: () => string;
}) {
  const self = `${BFF_PREFIX}${HOTEL_DESK_PATH}`;
  const back = (done: DeskNotice, stayId?: string) => `${self}?done=${done}${stayId ? `#stay-${stayId}` : ''}`;

  async function card(stay: InHouseCard['stay']): Promise<InHouseCard> {
    const folio = await propertyManagement.folio(stay.id);
    // The card works until the day after departure, as a guest may check out late.
    const token = await stayTokens.linkToken(stay.id, new Date(`${addDays(stay.departureDate, 2)}T00:00:00Z`));
    const checkoutUrl = `${origin()}/en/checkout/redirect?token=${encodeURIComponent(token)}`;
    return { stay, balances: folio.balances, checkoutUrl, qrDataUrl: await QRCode.toDataURL(checkoutUrl, { margin: 1, width: 160 }) };
  }

  /** Errors of the hotel system that the desk shows as a notice; anything else is an error of the BFF. */
  const noticeOf = (error: unknown): DeskNotice | undefined =>
    error instanceof StayNotFoundError ? 'not-found' : error instanceof StayStateError ? 'refused' : undefined;

  async function form<T>(c: Context<AppEnv>, schema: v.GenericSchema<unknown, T>) {
    const body = await c.req.parseBody();
    const parsed = v.safeParse(schema, body);
    return parsed.success ? { ok: true as const, value: parsed.output } : { ok: false as const, issues: toErrorIssues(parsed.issues) };
  }

  return new Hono<AppEnv>()
    .use(`${HOTEL_DESK_PATH}/*`, async (c, next) => {
      if (!enabled) return notFound(c, `No route for ${c.req.method} ${c.req.path}`);
      await next();
    })
    .use(`${HOTEL_DESK_PATH}/*`, csrf())
    .get(HOTEL_DESK_PATH, async (c) => {
      if (!enabled) return notFound(c, `No route for GET ${c.req.path}`);
      const query = v.safeParse(DeskQuerySchema, c.req.query());
      const today = businessDate(now());
      const [arriving, inHouse] = await Promise.all([
        propertyManagement.staysArriving(today, addDays(today, ARRIVALS_DAYS - 1)),
        propertyManagement.staysInHouse(),
      ]);
      const cards = await Promise.all(inHouse.map((stay) => card(stay)));
      c.header('Cache-Control', 'no-store');
      c.header('Content-Security-Policy', hotelDeskPagePolicy);
      c.header('Referrer-Policy', 'same-origin');
      return c.html(
        hotelDeskPage({
          arriving,
          inHouse: cards,
          notice: query.success ? query.output.done : undefined,
          paths: { self, checkIn: `${self}/check-in`, charges: `${self}/charges`, mailbox: `${BFF_PREFIX}${MAILBOX_PATH}` },
        }),
      );
    })
    .post(`${HOTEL_DESK_PATH}/check-in`, async (c) => {
      const parsed = await form(c, StayFormSchema);
      if (!parsed.ok) return c.json(errorBody('bad_request', 'Invalid form', parsed.issues), 400);
      try {
        await propertyManagement.checkIn(parsed.value.stay_id, now());
      } catch (error) {
        const notice = noticeOf(error);
        if (!notice) throw error;
        return c.redirect(back(notice), 303);
      }
      return c.redirect(back('checked-in', parsed.value.stay_id), 303);
    })
    .post(`${HOTEL_DESK_PATH}/charges`, async (c) => {
      const parsed = await form(c, ChargeFormSchema);
      if (!parsed.ok) return c.json(errorBody('bad_request', 'Invalid form', parsed.issues), 400);
      const { stay_id: stayId, kind, amount, folio } = parsed.value;
      try {
        const stay = await propertyManagement.stay(stayId);
        if (!stay) throw new StayNotFoundError();
        const amountMinor = toMinor(amount, stay.currency);
        if (amountMinor <= 0) return c.json(errorBody('bad_request', 'Invalid form', [{ path: 'amount', message: 'More than zero' }]), 400);
        await propertyManagement.postCharge(stayId, { kind, description: CHARGE_DESCRIPTIONS[kind], amountMinor, serviceDate: businessDate(now()), folio }, now());
      } catch (error) {
        const notice = noticeOf(error);
        if (!notice) throw error;
        return c.redirect(back(notice), 303);
      }
      return c.redirect(back('charge-posted', stayId), 303);
    });
}
