import * as v from 'valibot';
import { LocaleSchema } from './locales';

/**
 * The step-up (spec section 7 "Auth"; decision record 0047): a fresh one-time code before
 * changing the email or the password, adding a passkey and redeeming many points at once. Paths are
 * relative to BFF_PREFIX; every route takes the member's bearer token.
 */
export const STEP_UP_PATHS = {
  /** POST `{ locale }`: mails a step-up code to the member's current address (202 accepted). */
  code: '/auth/step-up/code',
  /** POST `{ code }`: 200 with a step-up token for this session, valid a few minutes. */
  verify: '/auth/step-up',
} as const;

/** The request header that carries the step-up token to a route that asks for one. */
export const STEP_UP_HEADER = 'X-Step-Up-Token';

/**
 * A route that needs a fresh proof answers 403 with this error code when the token is missing, expired,
 * of another session or used: the client asks for a code and tries again with the new token.
 */
export const STEP_UP_REQUIRED = 'step_up_required';

export const StepUpCodeRequestSchema = v.object({ locale: LocaleSchema });
export const StepUpVerifyRequestSchema = v.object({ code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'The code has six digits')) });

export const StepUpResponseSchema = v.object({
  data: v.object({
    step_up_token: v.pipe(v.string(), v.minLength(1)),
    /** Seconds the token stays valid. */
    expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
});
export type StepUp = v.InferOutput<typeof StepUpResponseSchema>['data'];

/** How long a step-up token stays valid: 10 minutes, like the code it was traded for. */
export const STEP_UP_LIFETIME_SECONDS = 10 * 60;

/**
 * Redeeming a reward that costs MORE than this many points needs a step-up token (`X-Step-Up-Token`);
 * the catalogue's ordinary rewards (25 and 50 EUR off a stay, the spa credit) cost less, the 100 EUR
 * voucher (9,500 points) more. Decision record 0047.
 */
export const STEP_UP_POINTS_THRESHOLD = 7_500;
export const rewardNeedsStepUp = (points: number): boolean => points > STEP_UP_POINTS_THRESHOLD;
