import type { SnapshotFrom } from 'xstate';
import { AUTH_LIMITS } from '../../contract/auth';
import type { ScimUser } from '../../contract/corporate';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../step-up/step-up.types';
import type { enrolmentMachine } from './enrolment.machine';
import type { EnrolmentFailure, InviteRefusal, NameProblems, PersonName, WorkEmailProblem } from './enrolment.types';

type EnrolmentSnapshot = SnapshotFrom<typeof enrolmentMachine>;

/** The enrolment as the page shows it: the company's name and the work email. */
export interface EnrolmentShown {
  company: string;
  email: string;
}

export const enrolmentShownOf = (user: ScimUser): EnrolmentShown => ({
  company: user['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'].organization,
  email: user.userName,
});

/** What the enrolment page shows, one step at a time. */
export type EnrolmentView =
  | { step: 'waiting' }
  | { step: 'checking' }
  | { step: 'checkFailed' }
  | { step: 'email'; email: string; problem: WorkEmailProblem | null; failure: CodeFailure | null; retryAfterSeconds: number | null; sending: boolean }
  | {
      step: 'code';
      email: string;
      /** What is under way: the code checked (with the enrolment), or a new one mailed. */
      busy: 'checking' | 'resending' | null;
      code: string;
      problem: CodeProblem | null;
      /** Tries left after a refused code (null before any was refused). */
      triesLeft: number | null;
      failure: CodeFailure | null;
      retryAfterSeconds: number | null;
      resent: boolean;
    }
  | { step: 'name'; email: string; name: PersonName; problems: NameProblems; failure: EnrolmentFailure | null; busy: boolean }
  | { step: 'expired'; email: string; expiredBy: CodeExpiry | null }
  | { step: 'companyUnknown'; email: string }
  | { step: 'emailTaken'; email: string; signedIn: boolean }
  | { step: 'signInFirst'; email: string }
  | { step: 'enrolled'; enrolment: EnrolmentShown; alreadyEnrolled: boolean; leave: 'closed' | 'confirming' | 'leaving'; leaveFailed: boolean }
  | { step: 'left' }
  | { step: 'inviteAccepting' }
  | { step: 'inviteSignIn'; company: string | null; email: string | null }
  | { step: 'inviteRefused'; refusal: InviteRefusal | null }
  | { step: 'inviteFailed' };

export function selectEnrolmentView(snapshot: EnrolmentSnapshot): EnrolmentView {
  const { context } = snapshot;
  if (snapshot.matches('checking')) return { step: 'checking' };
  if (snapshot.matches('checkFailed')) return { step: 'checkFailed' };
  if (snapshot.matches('email') || snapshot.matches('sendingCode')) {
    return { step: 'email', email: context.email, problem: context.emailProblem, failure: codeFailureOf(context.failure), retryAfterSeconds: context.retryAfterSeconds, sending: snapshot.matches('sendingCode') };
  }
  const naming = snapshot.matches({ code: 'naming' }) || (snapshot.matches({ code: 'enrolling' }) && needsName(snapshot));
  if (naming) {
    return { step: 'name', email: context.email, name: context.name, problems: context.nameProblems, failure: context.failure, busy: snapshot.matches({ code: 'enrolling' }) };
  }
  if (snapshot.matches('code')) {
    const busy = snapshot.matches({ code: 'enrolling' }) ? 'checking' : snapshot.matches({ code: 'resending' }) ? 'resending' : null;
    return {
      step: 'code',
      email: context.email,
      busy,
      code: context.code,
      problem: context.codeProblem,
      triesLeft: context.rejections > 0 ? Math.max(0, AUTH_LIMITS.otpMaxAttempts - context.rejections) : null,
      failure: codeFailureOf(context.failure),
      retryAfterSeconds: context.retryAfterSeconds,
      resent: context.resent,
    };
  }
  if (snapshot.matches('codeExpired')) return { step: 'expired', email: context.email, expiredBy: context.expiredBy };
  if (snapshot.matches('companyUnknown')) return { step: 'companyUnknown', email: context.email };
  if (snapshot.matches('signInFirst')) return { step: 'signInFirst', email: context.email };
  if (snapshot.matches('emailTaken')) return { step: 'emailTaken', email: context.email, signedIn: context.signedIn };
  if (snapshot.matches('enrolled') && context.enrolment) {
    const leave = snapshot.matches({ enrolled: 'leaving' }) ? 'leaving' : snapshot.matches({ enrolled: 'confirmingLeave' }) ? 'confirming' : 'closed';
    return { step: 'enrolled', enrolment: enrolmentShownOf(context.enrolment), alreadyEnrolled: context.alreadyEnrolled, leave, leaveFailed: context.failure === 'leaveFailed' };
  }
  if (snapshot.matches('left')) return { step: 'left' };
  if (snapshot.matches({ invite: 'accepting' })) return { step: 'inviteAccepting' };
  if (snapshot.matches({ invite: 'signingIn' })) return { step: 'inviteSignIn', company: context.inviteCompany, email: context.inviteEmail };
  if (snapshot.matches({ invite: 'refused' })) return { step: 'inviteRefused', refusal: context.inviteRefusal };
  if (snapshot.matches({ invite: 'failed' })) return { step: 'inviteFailed' };
  return { step: 'waiting' };
}

/** The name step shows while its enrolment is sent too (a person who is not signed in gave their name). */
const needsName = (snapshot: EnrolmentSnapshot) => !snapshot.context.signedIn || snapshot.context.memberName === null;

const codeFailureOf = (failure: EnrolmentFailure | null): CodeFailure | null => (failure === 'tooMany' || failure === 'failed' ? failure : null);

/** Whether a request of the flow is under way. */
export const selectIsBusy = (snapshot: EnrolmentSnapshot): boolean => snapshot.hasTag('busy');

/** Views compare the page's state by value: a new object per snapshot must not render again. */
export const sameEnrolmentView = (a: EnrolmentView, b: EnrolmentView): boolean => JSON.stringify(a) === JSON.stringify(b);
