import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';

/**
 * The largest request body any BFF route takes. The biggest legitimate bodies (a room stay's traveller
 * with company address and requests, an Apple Pay token, a batch of analytics events, a payment
 * provider's notification) stay well below it.
 */
export const BFF_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Refuses a larger body with 413 and the error body before anything reads it: a declared
 * Content-Length is checked at once, a streamed body is counted while it arrives and cut off at the limit.
 */
export function bffBodyLimit(maxBytes: number = BFF_BODY_LIMIT_BYTES) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json(errorBody('payload_too_large', `The request body is larger than ${maxBytes} bytes`), 413),
  });
}
