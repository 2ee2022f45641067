import { queryOptions } from '@tanstack/react-query';
import type { AuthAccess } from '../bff/request';
import { getCheckinAvailability } from './checkin-api';

/**
 * Whether a booking can be checked in online now, for the pages that offer "Check in online" (the
 * account's booking page). Read on each visit: it opens and closes with the calendar. Without a token or
 * the order's key the BFF answers 404, and the page offers nothing.
 */
export const checkinAvailabilityQuery = (access: AuthAccess | null, reservationNumber: string, orderId: string | null = null) =>
  queryOptions({
    queryKey: ['ecommerce', 'checkin-availability', reservationNumber, access?.token ? 'member' : 'guest'] as const,
    queryFn: ({ signal }) => getCheckinAvailability(access, reservationNumber, orderId, signal),
    staleTime: 0,
    retry: false,
  });
