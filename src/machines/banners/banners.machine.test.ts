import { createActor, fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { serviceBannerMachine } from './banners.machine';
import { selectBannerExpanded, selectBannerShown } from './banners.selectors';
import type { BannerEvent } from './banners.types';

/** A callback actor that reports one event when it starts, as the browser's would. */
const reports = <TInput,>(event: BannerEvent) => fromCallback<BannerEvent, TInput>(({ sendBack }) => sendBack(event));

describe('service banner machine with its browser actors', () => {
  it('reads the kept open state for its message when it starts, and not before', () => {
    const asked: number[] = [];
    const machine = serviceBannerMachine.provide({
      actors: {
        readOpenState: fromCallback<BannerEvent, { messageId: number }>(({ input, sendBack }) => {
          asked.push(input.messageId);
          sendBack({ type: 'storage.read', open: false });
        }),
      },
    });
    const actor = createActor(machine, { input: { messageId: 7, isOpenedByDefault: true } });
    // Not started (the server, the first browser render): nothing is read and nothing shows.
    expect(asked).toEqual([]);
    expect(selectBannerShown(actor.getSnapshot())).toBe(false);
    actor.start();
    expect(asked).toEqual([7]);
    expect(selectBannerShown(actor.getSnapshot())).toBe(true);
    expect(selectBannerExpanded(actor.getSnapshot())).toBe(false);
  });

  it('steps aside when its watchers report a modal on a mobile screen', () => {
    const machine = serviceBannerMachine.provide({
      actors: {
        readOpenState: reports<{ messageId: number }>({ type: 'storage.read', open: null }),
        watchModals: reports({ type: 'modal.changed', open: true }),
        watchViewport: reports({ type: 'viewport.changed', mobile: true }),
      },
    });
    const actor = createActor(machine, { input: { messageId: 1, isOpenedByDefault: true } }).start();
    expect(actor.getSnapshot().hasTag('hiddenByModal')).toBe(true);
    expect(selectBannerShown(actor.getSnapshot())).toBe(false);
    expect(selectBannerExpanded(actor.getSnapshot())).toBe(true);
  });
});
