import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Notification signatures, in the style of the big providers: `PSP-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 over `<t>.<raw body>` with the shared signing secret. The timestamp is signed
 * too, so an old notification cannot be replayed with a fresh one.
 */

export const SIGNATURE_HEADER = 'PSP-Signature';
/** Notifications older (or further in the future) than this are refused: replay protection with some clock skew. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export function checkSignature(secret: string, rawBody: string, header: string | null, now: Date): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return { ok: false, reason: 'malformed' };
    const key = part.slice(0, separator).trim();
    parts.set(key, [...(parts.get(key) ?? []), part.slice(separator + 1).trim()]);
  }
  const timestamps = parts.get('t') ?? [];
  const signatures = (parts.get('v1') ?? []).filter((value) => /^[0-9a-f]{64}$/.test(value));
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0] ?? '') || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(timestamps[0]);
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  // Several v1 values are allowed while a secret is being rotated; each is compared in constant time.
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}
