import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { CheckinEntry } from '../../../machines/checkin/checkin.types';
import { CheckinPage } from '../../../views/checkin/CheckinPage';

/** Text of the address, or a number the router's parser made of it (a reservation number of digits only). */
const param = (max: number) => v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(max))), undefined);

/**
 * The check-in page's address: the pre-arrival mail's link carries `token` (exchanged once, then taken out
 * of the address); the check-in in progress `checkin_id` (after the exchange, a reload, the provider's
 * return, which may add its own `payment_id` and `status`); the member's booking `reservation`.
 */
const CheckinSearchSchema = v.object({
  token: param(400),
  // Anything else than an id is left out (the page then offers the lookup), never an error page.
  checkin_id: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/))), undefined),
  reservation: param(80),
});

/** How the page was opened, from its address. */
function entryOf(search: v.InferOutput<typeof CheckinSearchSchema>): CheckinEntry {
  if (search.token) return { kind: 'link', token: search.token };
  if (search.checkin_id) return { kind: 'resume', checkinId: search.checkin_id };
  if (search.reservation) return { kind: 'member', reservationNumber: search.reservation };
  return { kind: 'lookup' };
}

export const Route = createFileRoute('/$locale/checkin/personal-details')({
  validateSearch: CheckinSearchSchema,
  component: function CheckinRoute() {
    const { locale } = Route.useRouteContext();
    const search = Route.useSearch();
    return <CheckinPage locale={locale} entry={entryOf(search)} />;
  },
});
