import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { appearanceMachine } from './appearance.machine';
import { selectTheme } from './appearance.selectors';

describe('the theme of the first render', () => {
  it('is the brand’s when the page’s brand is known as the actor is made (what the server renders)', () => {
    // Not started: the snapshot a render reads before any effect has run, on the server and in hydration.
    const actor = createActor(appearanceMachine, { input: { pathname: '/en/hotels/HBAA', brandTheme: 'jaz' } });
    expect(selectTheme(actor.getSnapshot())).toBe('jaz');
  });

  it('is the group’s without a brand, and the brand counts only for the page that announced it', () => {
    expect(selectTheme(createActor(appearanceMachine, { input: { pathname: '/en/' } }).getSnapshot())).toBe('hworld');
    const actor = createActor(appearanceMachine, { input: { pathname: '/en/hotels/HBAA', brandTheme: 'jaz' } }).start();
    actor.send({ type: 'path.changed', pathname: '/en/' });
    expect(selectTheme(actor.getSnapshot())).toBe('hworld');
    actor.stop();
  });
});
