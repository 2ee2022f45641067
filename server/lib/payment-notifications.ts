import type { PaymentNotification } from '../ports/payments';

/**
 * The payment provider posts every notification to one address (the booking journey's). Payments of
 * other journeys (online check-in, ...) carry a reference with a prefix of their own (`checkin:<id>`);
 * their notifications are handed to the journey that registered that prefix, the rest stay the cart's.
 */
export interface PaymentNotificationRouter {
  /** `handler` receives the notifications whose reference starts with `prefix`. */
  add(prefix: string, handler: (notification: PaymentNotification) => Promise<void>): void;
  /** Hands the notification to its journey; false when no registered prefix matches (a cart's payment). */
  dispatch(notification: PaymentNotification): Promise<boolean>;
}

export function createPaymentNotificationRouter(): PaymentNotificationRouter {
  const handlers = new Map<string, (notification: PaymentNotification) => Promise<void>>();
  return {
    add(prefix, handler) {
      handlers.set(prefix, handler);
    },
    async dispatch(notification) {
      for (const [prefix, handler] of handlers) {
        if (notification.reference.startsWith(prefix)) {
          await handler(notification);
          return true;
        }
      }
      return false;
    },
  };
}
