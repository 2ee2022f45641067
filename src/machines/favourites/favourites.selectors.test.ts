import { describe, expect, it } from 'vitest';
import { selectHeart, selectLatestNotice, selectNotice } from './favourites.selectors';
import type { FavouritesSnapshotLike } from './favourites.selectors';
import type { FavouriteNotice, FavouritesContext, FavouritesTag } from './favourites.types';

const BERLIN = { hotelCode: 'SBTG', hotelName: 'Steigenberger Hotel Berlin Tiergarten' };
const MITTE = { hotelCode: 'MXBM', hotelName: 'MAXX Hotel Berlin Mitte' };

function snapshot(tags: FavouritesTag[], context: Partial<FavouritesContext> = {}): FavouritesSnapshotLike {
  return { context: { saved: null, pending: {}, intent: null, notices: [], ...context }, hasTag: (tag) => tags.includes(tag) };
}

describe('favourites selectors', () => {
  it('shows no heart pressed, and none to press, until the session is known (the server’s page)', () => {
    expect(selectHeart('SBTG')(snapshot([]))).toEqual({ enabled: false, pressed: false, busy: false });
  });

  it('lets a visitor press any heart, none pressed', () => {
    expect(selectHeart('SBTG')(snapshot(['sessionKnown']))).toEqual({ enabled: true, pressed: false, busy: false });
  });

  it('shows the hotel a visitor signed in for as being saved', () => {
    const signingIn = snapshot(['sessionKnown', 'signingIn'], { intent: BERLIN });
    expect(selectHeart('SBTG')(signingIn)).toEqual({ enabled: true, pressed: true, busy: true });
    expect(selectHeart('MXBM')(signingIn)).toEqual({ enabled: true, pressed: false, busy: false });
  });

  it('waits for a member’s list, then shows it, a change on its way as asked for', () => {
    expect(selectHeart('SBTG')(snapshot(['sessionKnown', 'member'], { saved: ['SBTG'] }))).toEqual({ enabled: false, pressed: false, busy: false });
    const listed = snapshot(['sessionKnown', 'member', 'listKnown'], { saved: ['SBTG'], pending: { MXBM: true } });
    expect(selectHeart('SBTG')(listed)).toEqual({ enabled: true, pressed: true, busy: false });
    expect(selectHeart('MXBM')(listed)).toEqual({ enabled: true, pressed: true, busy: true });
    expect(selectHeart('SIFM')(listed)).toEqual({ enabled: true, pressed: false, busy: false });
  });

  it('finds the last word of each hotel, and the newest of all', () => {
    const notices: FavouriteNotice[] = [
      { kind: 'notRemoved', hotel: MITTE, failure: 'failed' },
      { kind: 'saved', hotel: BERLIN },
    ];
    const withNotices = snapshot(['sessionKnown', 'member', 'listKnown'], { notices });
    expect(selectNotice('SBTG')(withNotices)).toEqual({ kind: 'saved', hotel: BERLIN });
    expect(selectNotice('SIFM')(withNotices)).toBeNull();
    expect(selectLatestNotice(withNotices)).toEqual(notices[0]);
    expect(selectLatestNotice(snapshot([]))).toBeNull();
  });
});
