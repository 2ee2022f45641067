import type { SnapshotFrom } from 'xstate';
import type { pointsClaimMachine } from './points-claim.machine';

type PointsClaimSnapshot = SnapshotFrom<typeof pointsClaimMachine>;

export const selectIsSending = (snapshot: PointsClaimSnapshot): boolean => snapshot.hasTag('busy');

/** The reservation being claimed with one click, so that stay's button (and no other) says so. */
export const selectSendingFound = (snapshot: PointsClaimSnapshot): string | null =>
  snapshot.hasTag('busy') && snapshot.context.source === 'found' ? (snapshot.context.fields?.reservationNumber ?? null) : null;

/** What the form shows: what to correct by field, and why the last request was not taken. */
export const selectFormState = (snapshot: PointsClaimSnapshot) => ({
  problems: snapshot.matches('editing') ? snapshot.context.problems : {},
  failure: snapshot.matches('editing') ? snapshot.context.failure : null,
  source: snapshot.context.source,
});

/** The answer to the request just taken, or null. */
export const selectAnswer = (snapshot: PointsClaimSnapshot) => (snapshot.matches('answered') ? snapshot.context.claim : null);
