import * as v from 'valibot';
import { UpdateEmailRequestSchema } from '../../contract/member-profile';
import { InvalidInputError, StepUpRequiredError, statusOf } from '../../services/account/errors';
import type { EmailProblem } from './email-change.types';

/** The check of a new address before it is sent (the BFF checks again): the contract's email rules, and not the current one. */
export function emailProblem(typed: string, currentEmail: string): EmailProblem | null {
  if (typed.trim() === '') return 'required';
  const parsed = v.safeParse(UpdateEmailRequestSchema, { email: typed });
  if (!parsed.success) return 'format';
  return parsed.output.email === currentEmail.trim().toLowerCase() ? 'same' : null;
}

/** The request wanted a step-up token it did not get (none, expired, or spent): the mailbox is proven again. */
export const needsStepUp = (error: unknown): boolean => error instanceof StepUpRequiredError;

/** The BFF refused the address itself (a 400 about `email`). */
export const isAddressRefused = (error: unknown): boolean => error instanceof InvalidInputError && error.fields.includes('email');

/** A 409: on confirming, the address was taken meanwhile; on a new code, no change is pending any more. */
export const isConflict = (error: unknown): boolean => statusOf(error) === 409;
