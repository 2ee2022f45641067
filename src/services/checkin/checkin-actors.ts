import { fromPromise } from 'xstate';
import type { Checkin, CheckinPaymentMethod, CheckinPayResult } from '../../contract/checkin';
import type { BrowserInfoSchema } from '../../contract/ecommerce';
import type { AuthAccess } from '../bff/request';
import { getCheckin, payCheckin, savePersonalDetails, setCheckinPaymentMethod, startCheckin } from './checkin-api';
import type { PersonalDetailsInput, StartCheckinRequest } from '../../contract/checkin';
import type { Locale } from '../../contract/locales';
import type * as v from 'valibot';

type BrowserInfo = v.InferOutput<typeof BrowserInfoSchema>;

/** What the check-in's calls need from the page: the member's access when a call starts, and the browser's facts. */
export interface CheckinActorEdge {
  /** The member's access as it is when a call starts (a renewed token included), or null for a guest. */
  access(): AuthAccess | null;
  /** Where the provider sends the guest back: the check-in page with the check-in's id. */
  returnUrl(locale: Locale, checkinId: string): string;
  /** The browser's facts the provider's risk check asks for. */
  browserInfo(): BrowserInfo;
}

/** The check-in machine's actors, each reading the member's access when it starts. */
export function checkinActors(edge: CheckinActorEdge) {
  return {
    startCheckin: fromPromise<Checkin, { request: StartCheckinRequest }>(({ input }) => startCheckin(edge.access(), input.request)),
    loadCheckin: fromPromise<Checkin, { checkinId: string }>(({ input }) => getCheckin(edge.access(), input.checkinId)),
    saveDetails: fromPromise<Checkin, { checkinId: string; details: PersonalDetailsInput }>(({ input }) => savePersonalDetails(edge.access(), input.checkinId, input.details)),
    setPaymentMethod: fromPromise<Checkin, { checkinId: string; method: CheckinPaymentMethod }>(({ input }) => setCheckinPaymentMethod(edge.access(), input.checkinId, input.method)),
    pay: fromPromise<CheckinPayResult, { checkinId: string; idempotencyKey: string; paymentInstrumentId: string | null; locale: Locale }>(({ input }) =>
      payCheckin(
        edge.access(),
        input.checkinId,
        {
          payment_instrument_id: input.paymentInstrumentId,
          browser_info: edge.browserInfo(),
          locale: input.locale,
          redirect_url: edge.returnUrl(input.locale, input.checkinId),
        },
        input.idempotencyKey,
      ),
    ),
  };
}
