import type { PointsClaim, RequestPointsRequest } from '../../contract/loyalty';

/** The fields of a request for missing points as typed (or as a found stay fills them). */
export type ClaimFields = RequestPointsRequest;
export type ClaimField = keyof ClaimFields;

/**
 * Why a request was not taken; the view words it. `invalid`: fields to correct (`fields` names them);
 * `duplicate`: the points of this reservation were asked for already; `tooMany`: too many requests in a
 * short time; `failed`: no answer or an unexpected one.
 */
export type ClaimFailure = 'invalid' | 'duplicate' | 'tooMany' | 'failed';

/** What the field checks found wrong, by field: a rule the view words (see points-claim.rules.ts). */
export type FieldProblem = 'required' | 'format' | 'order' | 'notOver' | 'tooOld';

export interface PointsClaimContext {
  /** The day in Berlin, yyyy-MM-dd: a stay must be over and at most the claim window ago. */
  today: string;
  /** What was sent last (kept so the form can show it again and a found stay be named). */
  fields: ClaimFields | null;
  /** Where the request came from: the form, or the one-click claim of a stay found for the member. */
  source: 'form' | 'found' | null;
  problems: Partial<Record<ClaimField, FieldProblem>>;
  failure: ClaimFailure | null;
  /** The BFF's answer to the last request taken. */
  claim: PointsClaim | null;
}

export interface PointsClaimInput {
  today: string;
}

export type PointsClaimEvent =
  /** The form's "Request points". */
  | { type: 'claim.submit'; fields: ClaimFields }
  /** "Claim … points" on a stay found for the member: its fields are the stay's. */
  | { type: 'claim.found'; fields: ClaimFields }
  /** After an answer: another request (the form empty again). */
  | { type: 'claim.another' };

export interface PointsClaimActorTypes {
  sendClaim: { input: ClaimFields; output: PointsClaim };
}
