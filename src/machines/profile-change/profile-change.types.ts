import type { MemberProfile, SALUTATIONS } from '../../contract/auth';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../step-up/step-up.types';

/** Which part of the profile changes; each has its own code (a name code never changes a birthday). */
export type ProfileChangeKind = 'name' | 'birthday';

export interface NameValues {
  kind: 'name';
  salutation: (typeof SALUTATIONS)[number] | null;
  firstName: string;
  lastName: string;
}

export interface BirthdayValues {
  kind: 'birthday';
  /** yyyy-MM-dd, as a date field gives it. */
  birthday: string;
}

export type ProfileChangeValues = NameValues | BirthdayValues;
export type ProfileChangeField = 'firstName' | 'lastName' | 'birthday';

/**
 * What the field checks found wrong; the view words it. `underage`: the birthday makes the member younger
 * than MEMBER_PROFILE_LIMITS.minimumAge today; `future`: a day still to come.
 */
export type ValueProblem = 'required' | 'tooLong' | 'format' | 'future' | 'underage';

export interface ProfileChangeInput {
  kind: ProfileChangeKind;
  /** The day in Berlin, yyyy-MM-dd: the age rule counts from it, as the BFF does. */
  today: string;
}

export interface ProfileChangeContext {
  kind: ProfileChangeKind;
  today: string;
  /** The new values as typed last (kept through every step). */
  values: ProfileChangeValues | null;
  problems: Partial<Record<ProfileChangeField, ValueProblem>>;
  code: string;
  codeProblem: CodeProblem | null;
  failure: CodeFailure | null;
  retryAfterSeconds: number | null;
  resent: boolean;
  rejections: number;
  expiredBy: CodeExpiry | null;
}

export type ProfileChangeEvent =
  /** "Change" next to the name or the birthday. */
  | { type: 'change.open' }
  /** The new values, checked before a code is asked for. */
  | { type: 'change.submit'; values: ProfileChangeValues }
  /** Back from the code to the values ("Edit"). */
  | { type: 'change.edit' }
  /** The dialog closed before the end (Cancel, Escape). */
  | { type: 'change.cancel' }
  /** The confirmation of a finished change closed. */
  | { type: 'change.close' }
  /** The code mailed to the member's address, as typed. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' };

export interface ProfileChangeActorTypes {
  /** Mails a code for this kind of change to the member's address. */
  sendCode: { input: { kind: ProfileChangeKind }; output: unknown };
  /** Sends the values with the code: the profile as it is now. */
  saveChange: { input: { values: ProfileChangeValues; code: string }; output: MemberProfile };
}

export type ProfileChangeTag = 'busy';
