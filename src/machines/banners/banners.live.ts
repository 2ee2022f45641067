import { fromCallback } from 'xstate';
import { readBannerOpenState, writeBannerOpenState } from '../../services/content/service-messages';
import { serviceBannerMachine } from './banners.machine';
import type { BannerEvent } from './banners.types';

/** What a banner hears from the page it is on: the document's modal dialogs and the screen size. */
export interface BannerEdge {
  /** Calls `listener` with whether a modal dialog is open, now and on every change; returns the unsubscribe. */
  watchModals(listener: (open: boolean) => void): () => void;
  /** Calls `listener` with whether the screen is a mobile one, now and on every change; returns the unsubscribe. */
  watchViewport(listener: (mobile: boolean) => void): () => void;
}

/**
 * The banners' machine with the browser bound: the open state kept in storage for each message, modal
 * dialogs and the screen size. The app starts banners in the browser only, after hydration, so none of
 * this runs on the server.
 */
export function createLiveBannerLogic(edge: BannerEdge) {
  return serviceBannerMachine.provide({
    actions: { persistOpenState: ({ context }, params) => writeBannerOpenState(context.messageId, params.open) },
    actors: {
      readOpenState: fromCallback<BannerEvent, { messageId: number }>(({ input, sendBack }) => {
        sendBack({ type: 'storage.read', open: readBannerOpenState(input.messageId) });
      }),
      watchModals: fromCallback<BannerEvent>(({ sendBack }) => edge.watchModals((open) => sendBack({ type: 'modal.changed', open }))),
      watchViewport: fromCallback<BannerEvent>(({ sendBack }) => edge.watchViewport((mobile) => sendBack({ type: 'viewport.changed', mobile }))),
    },
  });
}
