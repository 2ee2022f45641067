import { hashKey } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { Order } from '../../contract/ecommerce';
import { exchangeLinkToken, orderQueryKey } from '../../services/booking/orders';
import { track } from '../../services/booking/tracking';
import { confirmationMachine } from './confirmation.machine';
import type { ConfirmationEvent } from './confirmation.types';

/** What the confirmation page gives its machine. */
export interface ConfirmationEdge {
  /** The query cache the page's order is read into. */
  queryClient: QueryClient;
  /** The member's token as it is when a call starts, or null for a guest. */
  token(): string | null;
  /** Takes the token out of the page's address (replacing the entry) and points it at the order, when there is one. */
  showOrderInAddress(orderId: string | null): void;
}

/** The confirmation machine with the BFF, the order's query, tracking and the address bound. */
export function createLiveConfirmationLogic(edge: ConfirmationEdge) {
  return confirmationMachine.provide({
    actors: {
      exchangeLink: fromPromise(({ input }) => exchangeLinkToken(input.token)),
      // The page loads the order through its query; the machine hears when the cache holds it.
      watchOrder: fromCallback<ConfirmationEvent, { orderId: string }>(({ input, sendBack }) => {
        const key = orderQueryKey(input.orderId);
        const report = () => {
          const order = edge.queryClient.getQueryData<Order>(key);
          if (order) sendBack({ type: 'order.loaded', orderId: order.order_id });
        };
        report();
        return edge.queryClient.getQueryCache().subscribe((event) => {
          if (event.query.queryHash === hashKey(key)) report();
        });
      }),
    },
    actions: {
      showOrderInAddress: (_, { orderId }) => edge.showOrderInAddress(orderId),
      trackConversion: (_, { orderId }) => void track('conversion', { orderId }, edge.token()),
    },
  });
}
