import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import type { Logger } from '../../logger';
import { paymentProviderSecurityHeaders } from '../../middleware/security-headers';
import { requestLog } from '../../middleware/request-log';
import { fullYear, isExpiryInFuture, isValidCardNumber, isValidCvc, normalizeCardNumber } from './cards';
import { ASSET_FILES, cardFormPage, challengePage, cvvFormPage, messagePage, redirectPage } from './pages';
import { type GuestAction, type ProviderCore, PSP_PATH, PSP_PATHS, REDIRECT_METHODS, type RedirectMethod, returnUrlWithOutcome } from './provider';
import { pageLanguage } from './texts';
import type { CardVault } from './vault';

/**
 * The provider's pages and browser API under /psp, served on our own origin: the hosted card form and CVV
 * field (framed by the check-out page), the token endpoints they post to, the 3-D Secure challenge page
 * and the PayPal / iDEAL / Apple Pay approval pages. Request bodies are never logged: the request log
 * names method, path (without query) and status only, and errors are logged by name alone, because a
 * JSON parse error message quotes the body it failed on.
 */

const ASSETS: Record<string, { body: string; type: string }> = {
  [ASSET_FILES.script]: { body: readAsset(ASSET_FILES.script), type: 'text/javascript; charset=utf-8' },
  [ASSET_FILES.stylesheet]: { body: readAsset(ASSET_FILES.stylesheet), type: 'text/css; charset=utf-8' },
};

function readAsset(file: string): string {
  return readFileSync(join(import.meta.dirname, 'assets', file), 'utf8');
}

const MAX_API_BODY_BYTES = 2048;

const TokenRequestSchema = v.object({
  number: v.pipe(v.string(), v.maxLength(40)),
  expiry_month: v.pipe(v.number(), v.integer()),
  expiry_year: v.pipe(v.number(), v.integer()),
  cvc: v.pipe(v.string(), v.maxLength(8)),
  holder_name: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(80)))),
});
const CvvTokenRequestSchema = v.object({ cvc: v.pipe(v.string(), v.maxLength(8)) });

const DecisionFormSchema = v.object({ payment_id: v.pipe(v.string(), v.maxLength(100)), decision: v.picklist(['approve', 'reject']) });

type CardField = 'number' | 'expiry' | 'cvc';

export interface ProviderRoutesOptions {
  core: ProviderCore;
  vault: CardVault;
  now: () => Date;
  logger: Logger;
}

const isHostedField = (path: string) => path === PSP_PATHS.cardForm || path === PSP_PATHS.cvvForm;

export function createProviderRoutes({ core, vault, now, logger }: ProviderRoutesOptions) {
  /** A browser post from another site (or a page that is not ours) is refused; same-origin posts carry our Origin. */
  const foreignOrigin = (c: Context<AppEnv>) => {
    const origin = c.req.header('Origin');
    return origin !== undefined && origin !== core.origin();
  };

  /** Reads the JSON body of an API call; undefined (and an answer set) when it is not acceptable. */
  async function jsonBody(c: Context<AppEnv>): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
    if (foreignOrigin(c)) return { ok: false, response: c.json({ error: { code: 'forbidden' } }, 403) };
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json')) {
      return { ok: false, response: c.json({ error: { code: 'unsupported_media_type' } }, 415) };
    }
    try {
      return { ok: true, value: JSON.parse(await c.req.text()) };
    } catch {
      return { ok: false, response: c.json({ error: { code: 'invalid_request' } }, 400) };
    }
  }

  function hostedPage(c: Context<AppEnv>, render: typeof cardFormPage) {
    const language = pageLanguage(c.req.query('locale'));
    // Only our own site may receive the token: the form posts its message to this origin and no other.
    if (c.req.query('parent_origin') !== core.origin()) return c.html(messagePage(language, language.texts.formNotAllowed, { framed: true }), 400);
    return c.html(render(language, core.origin()));
  }

  /** The page where the guest approves or refuses a pending payment (3-D Secure challenge or redirect method). */
  function decisionPage(c: Context<AppEnv>, action: GuestAction) {
    const payment = core.record(c.req.query('payment_id') ?? '');
    if (!payment || payment.action !== action) {
      const language = pageLanguage(c.req.query('locale'));
      return c.html(messagePage(language, language.texts.paymentNotFound), 404);
    }
    // Decided already (or cancelled by the merchant): the guest goes back to the site with the outcome.
    if (payment.state !== 'pending') return c.redirect(returnUrlWithOutcome(payment), 303);
    const language = pageLanguage(payment.locale);
    return c.html(action === 'challenge' ? challengePage(language, payment) : redirectPage(language, payment, action), 200);
  }

  /** The guest's answer: record it, tell the merchant (signed notification), THEN send the guest back. */
  async function decide(c: Context<AppEnv>, action: GuestAction) {
    if (foreignOrigin(c)) return c.text('Forbidden', 403);
    const form = v.safeParse(DecisionFormSchema, await c.req.parseBody());
    if (!form.success) return c.text('Bad request', 400);
    const payment = core.record(form.output.payment_id);
    if (!payment || payment.action !== action) {
      const language = pageLanguage(undefined);
      return c.html(messagePage(language, language.texts.paymentNotFound), 404);
    }
    const decided = core.decide(payment.paymentId, form.output.decision);
    // A second submit (double click, back button) finds the payment decided: no second notification.
    if (decided) await core.deliverNotification(decided);
    return c.redirect(returnUrlWithOutcome(payment), 303);
  }

  const app = new Hono<AppEnv>()
    .use('*', requestId(), requestLog(logger), paymentProviderSecurityHeaders(isHostedField))
    .use(`${PSP_PATH}/api/*`, bodyLimit({ maxSize: MAX_API_BODY_BYTES, onError: (c) => c.json({ error: { code: 'too_large' } }, 413) }))
    .get(`${PSP_PATHS.assets}/:file`, (c) => {
      const asset = ASSETS[c.req.param('file')];
      if (!asset) return c.text('Not found', 404);
      return c.body(asset.body, 200, { 'Content-Type': asset.type });
    })
    .get(PSP_PATHS.cardForm, (c) => hostedPage(c, cardFormPage))
    .get(PSP_PATHS.cvvForm, (c) => hostedPage(c, cvvFormPage))
    .post(PSP_PATHS.tokens, async (c) => {
      const body = await jsonBody(c);
      if (!body.ok) return body.response;
      const parsed = v.safeParse(TokenRequestSchema, body.value);
      if (!parsed.success) return c.json({ error: { code: 'invalid_card', fields: invalidFields(body.value) } }, 400);
      const number = normalizeCardNumber(parsed.output.number);
      const expiryYear = fullYear(parsed.output.expiry_year);
      const fields: CardField[] = [];
      if (!isValidCardNumber(number)) fields.push('number');
      if (!isExpiryInFuture(parsed.output.expiry_month, expiryYear, now())) fields.push('expiry');
      if (!isValidCvc(parsed.output.cvc)) fields.push('cvc');
      if (fields.length > 0) return c.json({ error: { code: 'invalid_card', fields } }, 400);
      const card = vault.tokenize({ number, expiryMonth: parsed.output.expiry_month, expiryYear, cvc: parsed.output.cvc });
      return c.json({ token: card.token, brand: card.brand, last4: card.last4, expiry_month: card.expiryMonth, expiry_year: card.expiryYear }, 201);
    })
    .post(PSP_PATHS.cvvTokens, async (c) => {
      const body = await jsonBody(c);
      if (!body.ok) return body.response;
      const parsed = v.safeParse(CvvTokenRequestSchema, body.value);
      if (!parsed.success || !isValidCvc(parsed.output.cvc)) return c.json({ error: { code: 'invalid_card', fields: ['cvc'] } }, 400);
      return c.json({ cvv_token: vault.tokenizeCvv() }, 201);
    })
    .get(PSP_PATHS.challenge, (c) => decisionPage(c, 'challenge'))
    .post(PSP_PATHS.challenge, (c) => decide(c, 'challenge'))
    .get(`${PSP_PATH}/redirect/:method`, (c) => {
      const method = redirectMethod(c.req.param('method'));
      return method ? decisionPage(c, method) : c.text('Not found', 404);
    })
    .post(`${PSP_PATH}/redirect/:method`, (c) => {
      const method = redirectMethod(c.req.param('method'));
      return method ? decide(c, method) : c.text('Not found', 404);
    });

  app.notFound((c) => c.text('Not found', 404));
  app.onError((error, c) => {
    logger.log('error', 'test payment provider: unhandled error', { requestId: c.get('requestId'), path: c.req.path, error: error.name });
    return c.text('Something went wrong at the payment provider.', 500);
  });
  return app;
}

function redirectMethod(value: string): RedirectMethod | undefined {
  return (REDIRECT_METHODS as readonly string[]).includes(value) ? (value as RedirectMethod) : undefined;
}

/** Which card fields a malformed body got wrong, by field name only (never the values). */
function invalidFields(value: unknown): CardField[] {
  const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const fields: CardField[] = [];
  if (typeof body.number !== 'string') fields.push('number');
  if (!Number.isInteger(body.expiry_month) || !Number.isInteger(body.expiry_year)) fields.push('expiry');
  if (typeof body.cvc !== 'string') fields.push('cvc');
  return fields.length > 0 ? fields : ['number'];
}
