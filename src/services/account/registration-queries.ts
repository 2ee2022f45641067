/**
 * The account pages' mutations (becoming a member, completing a profile): hooks for the registration
 * views, apart from the member queries so the pages every visitor loads do not carry them.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '../../contract/auth';
import { completeProfile, register } from './api';
import type { CompleteProfileBody } from './api';
import { InvalidInputError, statusOf } from './errors';
import { keepRegistrationProof } from './registration-proofs';
import type { AuthAccess } from './requests';

type RegisterAnswer = Awaited<ReturnType<typeof register>>;

/**
 * Becoming a member (one request). The answer's registration proof is kept under the email: the
 * activation link, opened in this browser, sends it back so the password chosen here is set then.
 */
export function useRegistration(callbacks: { onSuccess?: (answer: RegisterAnswer) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: async (body: RegisterRequest) => {
      const answer = await register(body);
      if (answer.registration_proof) keepRegistrationProof(body.email, answer.registration_proof);
      return answer;
    },
    ...(callbacks.onSuccess ? { onSuccess: callbacks.onSuccess } : {}),
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}

/** The fields a refused request named (a 400 with issues), or null when it failed for another reason. */
export const refusedFieldsOf = (error: unknown): readonly string[] | null => (error instanceof InvalidInputError ? error.fields : null);

/** Why a registration failed, as the page words it. */
export interface RegistrationFailure {
  reason: 'accountExists' | 'linkExpired' | 'invalidFields' | 'failed';
  /** An account exists, or the registration token is no longer valid: signing in is the way on. */
  offerSignIn: boolean;
}

export function registrationFailureOf(error: unknown): RegistrationFailure {
  const status = statusOf(error);
  const fields = refusedFieldsOf(error);
  const offerSignIn = status === 409 || status === 401;
  if (status === 409) return { reason: 'accountExists', offerSignIn };
  if (status === 401 || fields?.includes('registration_token')) return { reason: 'linkExpired', offerSignIn };
  return { reason: fields ? 'invalidFields' : 'failed', offerSignIn };
}

export type { CompleteProfileBody };

/** A signed-in member completes their profile (one request, with the member's token). */
export function useCompleteProfile(access: AuthAccess, callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (body: CompleteProfileBody) => completeProfile(body, access),
    ...(callbacks.onSuccess ? { onSuccess: callbacks.onSuccess } : {}),
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}
