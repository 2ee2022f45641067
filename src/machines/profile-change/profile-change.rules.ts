import * as v from 'valibot';
import { ageOn, MEMBER_PROFILE_LIMITS } from '../../contract/member-profile';
import { IsoDateSchema } from '../../contract/primitives';
import { InvalidInputError } from '../../services/account/errors';
import type { ProfileChangeField, ProfileChangeValues, ValueProblem } from './profile-change.types';

/** The contract's limit on a name part (UpdateNameRequestSchema). */
export const NAME_MAX_LENGTH = 80;

function nameProblem(value: string): ValueProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > NAME_MAX_LENGTH ? 'tooLong' : undefined;
}

/**
 * The checks new values pass before a code is asked for (the BFF checks again): both name parts given
 * and not too long; a birthday that exists, is not in the future and makes the member at least
 * MEMBER_PROFILE_LIMITS.minimumAge on `today` (the contract's `ageOn`, as the BFF counts). Each field gets
 * its first problem; an empty result means the change may go on.
 */
export function valueProblems(values: ProfileChangeValues, today: string): Partial<Record<ProfileChangeField, ValueProblem>> {
  const problems: Partial<Record<ProfileChangeField, ValueProblem>> = {};
  if (values.kind === 'name') {
    const first = nameProblem(values.firstName);
    const last = nameProblem(values.lastName);
    if (first) problems.firstName = first;
    if (last) problems.lastName = last;
    return problems;
  }
  const birthday = values.birthday.trim();
  if (birthday === '') problems.birthday = 'required';
  else if (!v.is(IsoDateSchema, birthday)) problems.birthday = 'format';
  else if (birthday > today) problems.birthday = 'future';
  else if (ageOn(birthday, today) < MEMBER_PROFILE_LIMITS.minimumAge) problems.birthday = 'underage';
  return problems;
}

/** The values as they are sent: the name parts trimmed. */
export function cleanValues(values: ProfileChangeValues): ProfileChangeValues {
  if (values.kind === 'birthday') return { kind: 'birthday', birthday: values.birthday.trim() };
  return { kind: 'name', salutation: values.salutation, firstName: values.firstName.trim(), lastName: values.lastName.trim() };
}

const FIELDS: readonly ProfileChangeField[] = ['firstName', 'lastName', 'birthday'];

/**
 * The fields a 400 of the BFF refused (not the code). A refused birthday can only be the age rule on the
 * BFF's own today (the format is checked here first), so it is worded as that.
 */
export function refusedFields(error: unknown): Partial<Record<ProfileChangeField, ValueProblem>> {
  if (!(error instanceof InvalidInputError)) return {};
  const named = error.fields.filter((field): field is ProfileChangeField => FIELDS.includes(field as ProfileChangeField));
  return Object.fromEntries(named.map((field) => [field, field === 'birthday' ? 'underage' : 'format']));
}

export const hasRefusedFields = (error: unknown): boolean => Object.keys(refusedFields(error)).length > 0;
