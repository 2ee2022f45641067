import * as v from 'valibot';
import { nightsBetween } from '../../contract/calendar-dates';
import { LOYALTY_LIMITS, RequestPointsRequestSchema } from '../../contract/loyalty';
import type { ClaimField, ClaimFields, FieldProblem } from './points-claim.types';

/**
 * The checks a request for missing points passes before it is sent (the BFF checks them again): every
 * field filled in its format, the departure after the arrival, the stay over and at most the claim window
 * ago. Each field gets its first problem; an empty result means the request may go.
 */
export function claimProblems(fields: ClaimFields, today: string): Partial<Record<ClaimField, FieldProblem>> {
  const problems: Partial<Record<ClaimField, FieldProblem>> = {};
  for (const field of ['hotelCode', 'arrivalDate', 'departureDate', 'reservationNumber'] as const) {
    if (fields[field].trim() === '') problems[field] = 'required';
  }
  const parsed = v.safeParse(RequestPointsRequestSchema, fields);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const field = v.getDotPath(issue) as ClaimField | null;
      if (field && !problems[field]) problems[field] = field === 'departureDate' && issue.message.includes('after') ? 'order' : 'format';
    }
  }
  if (!problems.departureDate && !problems.arrivalDate) {
    if (fields.departureDate >= today) problems.departureDate = 'notOver';
    else if (nightsBetween(fields.departureDate, today) > LOYALTY_LIMITS.claimWindowDays) problems.departureDate = 'tooOld';
  }
  return problems;
}
