import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actorSystemPage, DIAGRAMMED_MACHINES, DIAGRAMS_DIR, diagramPage, mermaidOf } from '../../scripts/machine-diagrams';

describe('the statechart diagrams in docs/diagrams', () => {
  it.each(DIAGRAMMED_MACHINES.map((entry) => [entry.name, entry] as const))('%s matches its machine (run `npm run diagrams` after a change)', (name, entry) => {
    expect(readFileSync(join(DIAGRAMS_DIR, `${name}.md`), 'utf8')).toBe(diagramPage(entry));
  });

  it('the actor system matches the app machine', () => {
    expect(readFileSync(join(DIAGRAMS_DIR, 'actor-system.md'), 'utf8')).toBe(actorSystemPage());
    expect(actorSystemPage()).toContain('session.ended → tellCartSignedOut');
  });

  it('draws every state and the rules between flows of the app machine', () => {
    const app = mermaidOf(DIAGRAMMED_MACHINES[0]?.machine ?? (undefined as never));
    for (const state of ['app_checkout_open', 'app_login_ready', 'app_targeted_running', 'app_page_started']) expect(app).toContain(state);
    expect(app).toContain('session.ended [memberLeft] / tellCartSignedOut');
    expect(app).toContain('session.memberKnown [signedInDuringCheckout] / tellCartSignedIn');
  });
});
