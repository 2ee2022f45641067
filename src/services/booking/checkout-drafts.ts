import * as v from 'valibot';

/**
 * What the guest typed on the check-out page (travellers, company), kept for one cart so a reload or
 * "Change rooms" and back keeps it. Personal data: in sessionStorage only (this tab, gone when it closes),
 * never in localStorage; one cart at a time; forgotten on sign-out and once the booking is paid. A
 * member's drafts are not given to a page without a member (they are dropped instead).
 */
export const CHECKOUT_DRAFTS_KEY = 'checkoutDrafts';

const text = v.pipe(v.string(), v.maxLength(500));
const TravellerDraftSchema = v.object({
  salutation: v.picklist(['', 'mr', 'ms', 'mx']),
  first_name: text,
  last_name: text,
  email: text,
  phone: text,
  country_code: text,
  special_requests: text,
});
const CompanyDraftSchema = v.object({ name: text, address_line: text, postal_code: text, city: text, country_code: text, vat_id: text });
const StoredDraftsSchema = v.object({
  cartId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  member: v.boolean(),
  drafts: v.pipe(
    v.record(v.string(), TravellerDraftSchema),
    v.check((drafts) => Object.keys(drafts).length <= 9, 'at most 9 rooms'),
  ),
  company: CompanyDraftSchema,
});

export type CheckoutDrafts = Omit<v.InferOutput<typeof StoredDraftsSchema>, 'member'>;

/** The browser's sessionStorage, or null on the server and where storage is blocked. */
export function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveCheckoutDrafts(saved: CheckoutDrafts, options: { member: boolean }, storage: Storage | null = sessionStore()): void {
  try {
    storage?.setItem(CHECKOUT_DRAFTS_KEY, JSON.stringify({ ...saved, member: options.member }));
  } catch {
    // Storage full or blocked: the drafts live as long as the page, as before.
  }
}

export function forgetCheckoutDrafts(storage: Storage | null = sessionStore()): void {
  try {
    storage?.removeItem(CHECKOUT_DRAFTS_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}

/**
 * Forgets the drafts unless they are a guest's: called whenever the session ends (a sign-out here or in
 * another tab, an expired or refused token), so a member's details never outlive their session in this tab.
 */
export function forgetMemberCheckoutDrafts(storage: Storage | null = sessionStore()): void {
  let raw: string | null;
  try {
    raw = storage?.getItem(CHECKOUT_DRAFTS_KEY) ?? null;
  } catch {
    return;
  }
  if (raw === null) return;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Unreadable: forgotten below.
  }
  const stored = v.safeParse(StoredDraftsSchema, parsed);
  if (!stored.success || stored.output.member) forgetCheckoutDrafts(storage);
}

/** The drafts kept for this cart, or null (none, another cart's, unreadable, or a member's on a page without one). */
export function readCheckoutDrafts(cartId: string, options: { member: boolean }, storage: Storage | null = sessionStore()): CheckoutDrafts | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(CHECKOUT_DRAFTS_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Unreadable: dropped below.
  }
  const stored = v.safeParse(StoredDraftsSchema, parsed);
  if (!stored.success || (stored.output.member && !options.member)) {
    forgetCheckoutDrafts(storage);
    return null;
  }
  if (stored.output.cartId !== cartId) return null;
  return { cartId: stored.output.cartId, drafts: stored.output.drafts, company: stored.output.company };
}
