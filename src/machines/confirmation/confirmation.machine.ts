import { fromCallback, fromPromise, setup } from 'xstate';
import type { AddressOrder, ConfirmationActorTypes, ConfirmationContext, ConfirmationEvent, ConfirmationInput, ConfirmationTag } from './confirmation.types';
import { notProvided } from '../shared/shared.actors';

/**
 * What the confirmation page does besides showing the order (spec section 7): a page opened from the
 * confirmation mail's link takes the token out of the address at once (it is not kept in history,
 * bookmarks or a shared address) and trades it once for the order's access key; an order that loads is
 * tracked as a conversion once, unless the page was opened from the mail or after a change of the booking.
 * One actor runs per order shown, so "once" is a state, not a flag.
 */
export const confirmationMachine = setup({
  types: {
    context: {} as ConfirmationContext,
    events: {} as ConfirmationEvent,
    input: {} as ConfirmationInput,
    tags: {} as ConfirmationTag,
  },
  actors: {
    exchangeLink: fromPromise<ConfirmationActorTypes['exchangeLink']['output'], ConfirmationActorTypes['exchangeLink']['input']>(notProvided('exchangeLink')),
    watchOrder: fromCallback<ConfirmationEvent, ConfirmationActorTypes['watchOrder']['input']>(() => undefined),
  },
  guards: {
    hasLinkToken: ({ context }) => context.linkToken !== null,
    hasTokenInAddress: ({ context }) => context.tokenInAddress,
    /** A change of the booking, or a page opened from the mail, is no new conversion. */
    isNoConversion: ({ context }) => context.afterChange || context.linkToken !== null,
    hasOrderId: ({ context }) => context.orderId !== null,
    isAnotherOrder: ({ context }, params: AddressOrder) => params.orderId !== context.orderId,
  },
  actions: {
    /** Takes the token out of the address (replacing the entry) and points it at the order; bound with `.provide()`. */
    showOrderInAddress: (_, _params: AddressOrder) => undefined,
    /** The conversion call (track-conversion?orderId=); bound with `.provide()`. */
    trackConversion: (_, _params: { orderId: string }) => undefined,
  },
}).createMachine({
  id: 'confirmation',
  description: 'The confirmation page around its order: the mail link traded for access, and the conversion tracked once.',
  context: ({ input }) => ({ ...input }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Decides what the address and the page need first.',
      always: [
        {
          guard: 'hasLinkToken',
          target: 'exchangingLink',
          actions: { type: 'showOrderInAddress', params: ({ context }) => ({ orderId: context.orderId }) },
        },
        {
          guard: 'hasTokenInAddress',
          target: 'deciding',
          actions: { type: 'showOrderInAddress', params: ({ context }) => ({ orderId: context.orderId }) },
        },
        { target: 'deciding' },
      ],
    },
    exchangingLink: {
      description: "Trades the mail link's token for the order's access key; the page waits.",
      tags: ['linkPending'],
      invoke: {
        id: 'exchangeLink',
        src: 'exchangeLink',
        input: ({ context }) => ({ token: context.linkToken ?? '' }),
        onDone: [
          {
            guard: { type: 'isAnotherOrder', params: ({ event }) => ({ orderId: event.output }) },
            target: 'settled',
            actions: { type: 'showOrderInAddress', params: ({ event }) => ({ orderId: event.output }) },
          },
          { target: 'settled' },
        ],
        // An expired or altered link: the page shows what it would without it.
        onError: 'settled',
      },
    },
    deciding: {
      description: 'Whether this visit may count as a conversion.',
      always: [{ guard: 'isNoConversion', target: 'settled' }, { guard: 'hasOrderId', target: 'awaitingOrder' }, { target: 'settled' }],
    },
    awaitingOrder: {
      description: 'Waits for the order to load: only an order that loaded is tracked.',
      invoke: { id: 'watchOrder', src: 'watchOrder', input: ({ context }) => ({ orderId: context.orderId ?? '' }) },
      on: {
        'order.loaded': { target: 'tracked', actions: { type: 'trackConversion', params: ({ event }) => ({ orderId: event.orderId }) } },
      },
    },
    tracked: {
      description: 'The conversion of this order is tracked; nothing more happens.',
      type: 'final',
    },
    settled: {
      description: 'Nothing to track: the page was opened from the mail, after a change, or without an order.',
      type: 'final',
    },
  },
});
