import { assign, fromCallback, setup } from 'xstate';
import type { BannerContext, BannerEvent, BannerInput, BannerTag } from './banners.types';

/**
 * One service banner (spec section 4). Two independent regions:
 * - `disclosure`: whether the banner is expanded. Unknown until the page has hydrated and the stored
 *   state is read (the server has no storage, so it renders nothing); then the stored state, else the
 *   message's isOpenedByDefault. `readOpenState` reads the kept state when the actor starts (in the
 *   browser, after hydration), and each toggle is persisted through `persistOpenState`.
 * - `overlay`: hidden while a modal dialog is open on a mobile screen, where the banner would sit on
 *   top of the dialog's content. `watchModals` and `watchViewport` report both, from the start on.
 * The machine itself touches no storage or document: those actors and actions are bound with
 * `.provide()` where the actor is created.
 */
export const serviceBannerMachine = setup({
  types: {
    context: {} as BannerContext,
    events: {} as BannerEvent,
    input: {} as BannerInput,
    tags: {} as BannerTag,
  },
  actors: {
    /** Sends `storage.read` with the open state kept for the message (or null). */
    readOpenState: fromCallback<BannerEvent, { messageId: number }>(() => undefined),
    /** Sends `modal.changed` now and whenever a modal dialog opens or closes. */
    watchModals: fromCallback<BannerEvent>(() => undefined),
    /** Sends `viewport.changed` now and whenever the screen crosses the mobile breakpoint. */
    watchViewport: fromCallback<BannerEvent>(() => undefined),
  },
  guards: {
    keptOpen: ({ event }) => event.type === 'storage.read' && event.open === true,
    keptClosed: ({ event }) => event.type === 'storage.read' && event.open === false,
    openedByDefault: ({ context }) => context.isOpenedByDefault,
    coveredByModal: ({ context }) => context.modalOpen && context.mobile,
  },
  actions: {
    // Bound where the actor is created with `.provide({ actions })`; a no-op elsewhere.
    persistOpenState: (_, _params: { open: boolean }) => undefined,
    recordModal: assign({ modalOpen: ({ context, event }) => (event.type === 'modal.changed' ? event.open : context.modalOpen) }),
    recordViewport: assign({ mobile: ({ context, event }) => (event.type === 'viewport.changed' ? event.mobile : context.mobile) }),
  },
}).createMachine({
  id: 'serviceBanner',
  description: 'A service banner: expanded or collapsed as the visitor left it, out of the way of modals on mobile.',
  context: ({ input }) => ({ ...input, modalOpen: false, mobile: false }),
  type: 'parallel',
  states: {
    disclosure: {
      description: 'Whether the banner shows its text or only its header.',
      initial: 'pending',
      states: {
        pending: {
          description: 'Before hydration: the kept open state is not known yet, so nothing is shown.',
          invoke: { src: 'readOpenState', input: ({ context }) => ({ messageId: context.messageId }) },
          on: {
            'storage.read': [
              { guard: 'keptOpen', target: 'expanded' },
              { guard: 'keptClosed', target: 'collapsed' },
              { guard: 'openedByDefault', target: 'expanded' },
              { target: 'collapsed' },
            ],
          },
        },
        expanded: {
          description: 'The banner shows its header and text.',
          tags: ['expanded'],
          on: { 'banner.toggle': { target: 'collapsed', actions: { type: 'persistOpenState', params: { open: false } } } },
        },
        collapsed: {
          description: 'The visitor closed it (or it starts closed): only the header and the open button show.',
          on: { 'banner.toggle': { target: 'expanded', actions: { type: 'persistOpenState', params: { open: true } } } },
        },
      },
    },
    overlay: {
      description: 'Whether the banner steps aside for a modal dialog.',
      initial: 'deciding',
      invoke: [{ src: 'watchModals' }, { src: 'watchViewport' }],
      on: {
        'modal.changed': { target: '.deciding', actions: 'recordModal' },
        'viewport.changed': { target: '.deciding', actions: 'recordViewport' },
      },
      states: {
        deciding: {
          description: 'Weighs the modal and the screen size just reported.',
          always: [{ guard: 'coveredByModal', target: 'hidden' }, { target: 'visible' }],
        },
        visible: { description: 'No modal on a mobile screen: the banner is in the page.' },
        hidden: { description: 'A modal is open on a mobile screen: the banner is hidden.', tags: ['hiddenByModal'] },
      },
    },
  },
});
