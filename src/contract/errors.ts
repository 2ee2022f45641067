import * as v from 'valibot';
import { ECOMMERCE_ERROR_CODES } from './ecommerce';

/** The one error body every BFF route answers with, whatever went wrong: the general codes, and the booking journey's own (src/contract/ecommerce.ts). */
export const ErrorCodes = ['bad_request', 'unauthorized', 'not_found', 'conflict', 'internal', ...ECOMMERCE_ERROR_CODES] as const;
export type ErrorCode = (typeof ErrorCodes)[number];

export const ErrorIssueSchema = v.object({ path: v.string(), message: v.string() });
export type ErrorIssue = v.InferOutput<typeof ErrorIssueSchema>;

export const ErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(ErrorCodes),
    message: v.string(),
    issues: v.optional(v.array(ErrorIssueSchema)),
  }),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
