import type { SnapshotFrom } from 'xstate';
import type { StepUpRef } from '../step-up/step-up.selectors';
import type { CodeExpiry, CodeProblem } from '../step-up/step-up.types';
import type { emailChangeMachine } from './email-change.machine';
import type { EmailChangeFailure, EmailProblem } from './email-change.types';

type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;

/** What the email change's dialog shows, step by step. */
export type EmailChangeView =
  | { step: 'closed' }
  /** The step-up child's form (its actor, once it runs). */
  | { step: 'stepUp'; stepUp: StepUpRef | null }
  | { step: 'email'; busy: boolean; email: string; problem: EmailProblem | null; failure: EmailChangeFailure | null; retryAfterSeconds: number | null }
  | {
      step: 'code';
      busy: 'verifying' | 'resending' | null;
      email: string;
      code: string;
      problem: CodeProblem | null;
      failure: EmailChangeFailure | null;
      retryAfterSeconds: number | null;
      resent: boolean;
    }
  | { step: 'expired'; email: string; expiredBy: CodeExpiry | null }
  | { step: 'changed'; email: string };

export function selectEmailChangeView(snapshot: EmailChangeSnapshot): EmailChangeView {
  const { context } = snapshot;
  if (snapshot.matches('provingIdentity')) return { step: 'stepUp', stepUp: (snapshot.children.stepUp as StepUpRef | undefined) ?? null };
  if (snapshot.matches('editing') || snapshot.matches('requesting')) {
    return {
      step: 'email',
      busy: snapshot.matches('requesting'),
      email: context.newEmail,
      problem: context.emailProblem,
      failure: context.failure,
      retryAfterSeconds: context.retryAfterSeconds,
    };
  }
  if (snapshot.matches('confirming')) {
    const busy = snapshot.matches({ confirming: 'verifying' }) ? 'verifying' : snapshot.matches({ confirming: 'resending' }) ? 'resending' : null;
    return {
      step: 'code',
      busy,
      email: context.newEmail,
      code: context.code,
      problem: context.codeProblem,
      failure: context.failure,
      retryAfterSeconds: context.retryAfterSeconds,
      resent: context.resent,
    };
  }
  if (snapshot.matches('codeExpired')) return { step: 'expired', email: context.newEmail, expiredBy: context.expiredBy };
  if (snapshot.matches('changed')) return { step: 'changed', email: context.currentEmail };
  return { step: 'closed' };
}

/** Views compare the dialog's state by value (the step-up's actor by identity). */
export function sameEmailChangeView(a: EmailChangeView, b: EmailChangeView): boolean {
  if (a.step === 'stepUp' || b.step === 'stepUp') return a.step === b.step && (a as { stepUp: unknown }).stepUp === (b as { stepUp: unknown }).stepUp;
  return JSON.stringify(a) === JSON.stringify(b);
}
