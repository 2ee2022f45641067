import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CoverageRecorder, expectFullCoverage, generatePaths, generateTransitionCover } from '../../../test/model-based/harness';
import type { MachinePath } from '../../../test/model-based/harness';
import { rewardNeedsStepUp, STEP_UP_POINTS_THRESHOLD } from '../../contract/step-up';
import { StepUpRequiredError } from '../../services/account/errors';
import { HttpError } from '../../services/bff/client';
import { stepUpMachine } from '../step-up/step-up.machine';
import type { StepUpOutput } from '../step-up/step-up.types';
import { redeemMachine } from './redeem.machine';
import { selectRedeemDialog, selectRedemption } from './redeem.selectors';
import type { ChosenReward, RedeemEvent, Redemption } from './redeem.types';

/*
 * The redeem machine, walked with the harness: two rewards to choose, the member's answers to the
 * confirmation, and the BFF's answers to a purchase fed as events (bought, 409 balance too low, 404 reward
 * gone, 500). Each path is replayed on a real actor whose purchase and refresh record what they were asked;
 * after every step the rules of buying are checked: a purchase goes out only after a confirmation, once per
 * confirmation, for the chosen reward; the balance is read again after every purchase and every 409.
 */

const never = <T,>() => new Promise<T>(() => undefined);

const REWARDS = {
  small: { id: 'stay-25', name: '25 EUR off a stay', points: 2500 },
  spa: { id: 'spa-30', name: '30 EUR spa credit', points: 3000 },
  /** Above STEP_UP_POINTS_THRESHOLD: a fresh code first. */
  large: { id: 'stay-100', name: '100 EUR off a stay', points: STEP_UP_POINTS_THRESHOLD + 2000 },
} satisfies Record<string, ChosenReward>;
const VERIFIED: StepUpOutput = { outcome: 'verified', token: 'step-up-token', expiresInSeconds: 600 };

const BOUGHT: Redemption = {
  voucher: { id: 'v-1', code: 'RWD-1', category: 'Voucher', amount: 25, currency: 'EUR', validUntil: '2027-11-27', status: 'valid', expiringSoon: false },
  reward: { id: 'stay-25', name: '25 EUR off a stay', points: 2500 },
  balance: 1200,
};

const ERRORS = { '409': new HttpError(409), '404': new HttpError(404), '500': new HttpError(500), '403 step-up': new StepUpRequiredError() } as const;

const recorded = { purchases: [] as string[], tokens: [] as (string | null)[], refreshes: 0 };

const machine = redeemMachine.provide({
  actors: {
    // The step-up child is its own machine (step-up.model.test.ts); here only its outcome matters.
    stepUp: stepUpMachine.provide({ actors: { sendCode: fromPromise(() => never()), verifyCode: fromPromise(() => never()) } }),
    buyReward: fromPromise<Redemption, { rewardId: string; stepUpToken: string | null }>(({ input }) => {
      recorded.purchases.push(input.rewardId);
      recorded.tokens.push(input.stepUpToken);
      return never();
    }),
  },
  actions: { refreshBalance: () => void (recorded.refreshes += 1) },
});
type Snapshot = SnapshotFrom<typeof machine>;
type Path = MachinePath<typeof machine>;

const EVENTS: RedeemEvent[] = [
  { type: 'reward.choose', reward: REWARDS.small },
  { type: 'reward.choose', reward: REWARDS.spa },
  { type: 'reward.choose', reward: REWARDS.large },
  { type: 'xstate.done.actor.stepUp', output: VERIFIED } as unknown as RedeemEvent,
  { type: 'xstate.done.actor.stepUp', output: { outcome: 'cancelled' } } as unknown as RedeemEvent,
  { type: 'redeem.confirm' },
  { type: 'redeem.cancel' },
  { type: 'redeem.dismiss' },
  { type: 'xstate.done.actor.buyReward', output: BOUGHT } as unknown as RedeemEvent,
  ...(Object.keys(ERRORS) as (keyof typeof ERRORS)[]).map((status) => ({ type: 'xstate.error.actor.buyReward', error: ERRORS[status] }) as unknown as RedeemEvent),
];

const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.reward?.id ?? null, snapshot.context.failure]);
const options = { events: EVENTS, serializeState, input: undefined as never };
const paths = [...generatePaths(machine, options), ...generateTransitionCover(machine, options)];
const recorder = new CoverageRecorder(machine);

function label(event: { type: string; reward?: ChosenReward; error?: unknown }): string {
  if (event.type === 'reward.choose') return `choose(${event.reward?.id})`;
  if (event.type === 'xstate.done.actor.stepUp') return `stepUp(${(event as { output?: StepUpOutput }).output?.outcome})`;
  if (event.type.startsWith('xstate.done.actor.')) return 'bought';
  if (event.type.startsWith('xstate.error.actor.')) return `error(${event.error instanceof StepUpRequiredError ? 'step-up' : (event.error as HttpError).status})`;
  return event.type;
}
const nameOf = (path: Path) => {
  const steps = path.steps.map((step) => step.event as Parameters<typeof label>[0]).filter((event) => event.type !== 'xstate.init');
  return `${steps.length ? steps.map(label).join(' → ') : 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
};

describe('redeem machine, model-based', () => {
  it('keeps the generated paths few', () => {
    console.info(`redeem model paths: ${paths.length}`);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(1500);
  });

  it.each(paths.map((path) => [nameOf(path), path] as const))('%s', (_name, path) => {
    Object.assign(recorded, { purchases: [], tokens: [], refreshes: 0 });
    const actor = createActor(machine, { inspect: recorder.inspect });
    actor.start();
    let confirmations = 0;
    let expectedRefreshes = 0;
    let chosen: ChosenReward | null = null;
    for (const step of path.steps) {
      const event = step.event as { type: string; reward?: ChosenReward; error?: unknown };
      if (event.type === 'xstate.init') continue;
      const before = actor.getSnapshot();
      actor.send(step.event);
      const after = actor.getSnapshot();
      expect(after.value, `after ${label(event)}`).toEqual(step.state.value);
      if (event.type === 'reward.choose' && after.matches('confirming')) chosen = event.reward ?? null;
      // A purchase goes out after a confirmation, or for a large reward after the code that followed it.
      if (after.matches('buying') && !before.matches('buying')) confirmations += 1;
      // A purchase carries the token of the code typed just before it, or none; a large reward never goes
      // out without one. A small one asks for a code only when the BFF says so (a 403 step_up_required).
      if (after.matches('buying') && !before.matches('buying')) {
        expect(recorded.tokens.at(-1)).toBe(before.matches('provingMailbox') ? VERIFIED.token : null);
        if (rewardNeedsStepUp(after.context.reward?.points ?? 0)) expect(before.matches('provingMailbox')).toBe(true);
      }
      if (after.matches('provingMailbox') && !before.matches('buying')) expect(rewardNeedsStepUp(after.context.reward?.points ?? 0)).toBe(true);
      if (!after.matches('buying')) expect(after.context.stepUpToken).toBeNull();
      const answered = before.matches('buying') && !after.matches('buying');
      if (answered && (event.type.startsWith('xstate.done.actor.') || (event.error as HttpError | undefined)?.status === 409)) expectedRefreshes += 1;
      // A purchase goes out once per confirmation, only for the reward chosen last.
      expect(recorded.purchases.length).toBe(confirmations);
      if (after.matches('buying') && !before.matches('buying')) expect(recorded.purchases.at(-1)).toBe(chosen?.id);
      // The balance is read again after a purchase and after a 409, never otherwise.
      expect(recorded.refreshes).toBe(expectedRefreshes);
      checkView(before, after, event);
    }
    actor.stop();
  });

  it('covers every state and transition of the machine', () => {
    expectFullCoverage(recorder, 'redeem');
  });
});

/** What the member sees after a step. */
function checkView(before: Snapshot, after: Snapshot, event: { type: string; error?: unknown }) {
  const dialog = selectRedeemDialog(after);
  const redemption = selectRedemption(after);
  if (after.matches('browsing')) {
    expect(dialog).toBeNull();
    expect(redemption).toBeNull();
  }
  if (after.matches('confirming') || after.matches('buying')) {
    expect(dialog).toMatchObject({ step: 'confirm', busy: after.matches('buying'), reward: after.context.reward });
    expect(redemption).toBeNull();
  }
  if (after.matches('bought')) {
    expect(dialog).toBeNull();
    expect(redemption).toEqual(BOUGHT);
  }
  if (after.matches('provingMailbox')) expect(dialog).toEqual({ step: 'stepUp', reward: after.context.reward });
  if (after.matches('failed') && before.matches('buying')) {
    const status = (event.error as HttpError).status;
    const failure = status === 409 ? 'insufficientPoints' : status === 404 ? 'unknownReward' : 'failed';
    expect(dialog).toEqual({ step: 'failed', reward: after.context.reward, failure, canRetry: failure === 'failed' });
  }
}
