import { AUTH_LIMITS } from '../../contract/auth';
import { InvalidInputError } from '../../services/account/errors';
import type { PasswordProblems } from './password-change.types';

/** The rules of a new password (registration's, decision 0047), checked before any code is mailed. */
export function passwordProblems(password: string, confirmation: string): PasswordProblems {
  const problems: PasswordProblems = {};
  if (password.length < AUTH_LIMITS.passwordMinLength) problems.password = 'tooShort';
  else if (password.length > AUTH_LIMITS.passwordMaxLength) problems.password = 'tooLong';
  if (confirmation !== password) problems.confirmation = 'mismatch';
  return problems;
}

export const hasProblems = (problems: PasswordProblems): boolean => Object.keys(problems).length > 0;

/** The BFF's 400 about the fields, as problems at them (its rules may be stricter than the browser's). */
export function problemsOfRefusal(error: unknown): PasswordProblems | null {
  if (!(error instanceof InvalidInputError) || error.fields.length === 0) return null;
  const problems: PasswordProblems = {};
  if (error.fields.includes('password')) problems.password = 'rejected';
  if (error.fields.includes('password_confirmation')) problems.confirmation = 'mismatch';
  return hasProblems(problems) ? problems : null;
}
