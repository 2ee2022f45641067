import { checkinActors } from '../../services/checkin/checkin-actors';
import type { CheckinActorEdge } from '../../services/checkin/checkin-actors';
import { checkinMachine } from './checkin.machine';

/** What the check-in needs from the page it runs on. */
export interface CheckinEdge extends CheckinActorEdge {
  /** Puts the check-in's id into the page's address, or takes the mail's token out (null), replacing the entry. */
  showInAddress(checkinId: string | null): void;
  /** Leaves the site for the payment provider's page (3-D Secure). */
  goToProvider(url: string): void;
}

/** The check-in machine with the BFF's calls and the page's effects bound. */
export function createLiveCheckinLogic(edge: CheckinEdge) {
  return checkinMachine.provide({
    actors: checkinActors(edge),
    actions: {
      showInAddress: (_, { checkinId }) => edge.showInAddress(checkinId),
      goToProvider: (_, { url }) => {
        if (url) edge.goToProvider(url);
      },
    },
  });
}

/** The hotel's today (the business time zone) as `yyyy-MM-dd`, for the form's age rule; the BFF applies the hotel's own. */
export { todayInBerlin as hotelToday } from '../../contract/calendar-dates';
