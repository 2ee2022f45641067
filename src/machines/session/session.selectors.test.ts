import { describe, expect, it } from 'vitest';
import type { SessionContext, SessionTag } from './session.types';
import { selectFirstName, selectIsSignedIn, selectLevel, selectLoginState, selectNeedsProfileCompletion, selectPoints } from './session.selectors';

const snapshot = (context: Partial<Pick<SessionContext, 'token' | 'member'>>, tags: SessionTag[] = []) => ({
  context: { token: null, member: null, ...context },
  hasTag: (tag: SessionTag) => tags.includes(tag),
});

const member = (level: string, points = 10): SessionContext['member'] => ({
  profile: {
    Guid: 'g',
    email: 'e@x.y',
    firstName: 'Ada',
    lastName: 'L',
    salutation: null,
    birthday: null,
    locale: 'en',
    address: null,
    dailypointMasterId: 'd',
    profileComplete: true,
    extras: {},
  },
  status: { dailypointStatus: { reward_level: level, rewards_points: points }, strapiStatus: { crs_id: null } },
});

describe('session selectors', () => {
  it('read the member for the header', () => {
    const signedIn = snapshot({ token: 'x'.repeat(20), member: member('DB', 1200) }, ['signedIn']);
    expect(selectIsSignedIn(signedIn)).toBe(true);
    expect(selectFirstName(signedIn)).toBe('Ada');
    expect(selectPoints(signedIn)).toBe(1200);
    expect(selectNeedsProfileCompletion(signedIn)).toBe(false);
  });

  it('name the level by its code or its name, and show an unknown one as it came', () => {
    expect(selectLevel(snapshot({ member: member('DB') }))).toEqual({ name: 'Gold', code: 'DB', order: 7 });
    expect(selectLevel(snapshot({ member: member('platinum') }))).toEqual({ name: 'Platinum', code: 'DI', order: 8 });
    expect(selectLevel(snapshot({ member: member('Legend') }))).toEqual({ name: 'Legend', code: null, order: null });
    expect(selectLevel(snapshot({ member: member('  ') }))).toBeNull();
    expect(selectLevel(snapshot({}))).toBeNull();
  });

  it('derive the login state from the token', () => {
    expect(selectLoginState(snapshot({ token: '12345678901' }))).toBe('existing_account');
    expect(selectLoginState(snapshot({ token: null }))).toBe('no_account');
  });
});
