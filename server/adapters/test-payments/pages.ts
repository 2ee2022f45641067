import type { PaymentRecord, RedirectMethod } from './provider';
import { PSP_PATHS } from './provider';
import type { PageLanguage } from './texts';

/**
 * The provider's HTML pages. No inline script or style (the pages' CSP allows only the provider's own
 * files); every value written into the markup is escaped.
 */

export const ASSET_FILES = { script: 'hosted-field.js', stylesheet: 'provider.css' } as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(language: PageLanguage, title: string, body: string, options: { script?: boolean; framed?: boolean } = {}): string {
  const script = options.script ? `\n<script type="module" src="${PSP_PATHS.assets}/${ASSET_FILES.script}"></script>` : '';
  return `<!doctype html>
<html lang="${language.lang}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PSP_PATHS.assets}/${ASSET_FILES.stylesheet}">${script}
</head>
<body class="${options.framed ? 'psp-framed' : 'psp-page'}">
${body}
</body>
</html>`;
}

function field(options: {
  id: string;
  name: string;
  label: string;
  autocomplete: string;
  numeric?: boolean;
  maxLength: number;
  required?: boolean;
  hint?: string;
  placeholder?: string;
}): string {
  const describedBy = [options.hint ? `${options.id}-hint` : '', `${options.id}-error`].filter(Boolean).join(' ');
  const numeric = options.numeric ? ' inputmode="numeric" dir="ltr" spellcheck="false"' : ' spellcheck="false" autocapitalize="words"';
  const placeholder = options.placeholder ? ` placeholder="${escapeHtml(options.placeholder)}"` : '';
  return `<div class="psp-field">
<label for="${options.id}">${escapeHtml(options.label)}</label>
<input id="${options.id}" name="${options.name}" type="text" autocomplete="${options.autocomplete}"${numeric} maxlength="${options.maxLength}"${placeholder}${options.required ? ' required' : ''} aria-invalid="false" aria-describedby="${describedBy}">
${options.hint ? `<p id="${options.id}-hint" class="psp-hint">${escapeHtml(options.hint)}</p>\n` : ''}<p id="${options.id}-error" class="psp-error" hidden></p>
</div>`;
}

function hostedForm(language: PageLanguage, parentOrigin: string, kind: 'card' | 'cvv'): string {
  const { texts } = language;
  const endpoint = kind === 'card' ? PSP_PATHS.tokens : PSP_PATHS.cvvTokens;
  const data = {
    kind,
    'parent-origin': parentOrigin,
    endpoint,
    'error-number': texts.errorNumber,
    'error-expiry': texts.errorExpiry,
    'error-cvc': texts.errorCvc,
    'error-network': texts.errorNetwork,
    done: kind === 'card' ? texts.cardReceived : texts.cvcReceived,
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${escapeHtml(value)}"`)
    .join(' ');
  const cvc = field({ id: 'cc-csc', name: 'cvc', label: texts.cvc, autocomplete: 'cc-csc', numeric: true, maxLength: 4, required: true, hint: texts.cvcHint });
  const fields =
    kind === 'card'
      ? [
          field({ id: 'cc-name', name: 'holder_name', label: texts.holderName, autocomplete: 'cc-name', maxLength: 80 }),
          field({ id: 'cc-number', name: 'number', label: texts.cardNumber, autocomplete: 'cc-number', numeric: true, maxLength: 23, required: true }),
          `<div class="psp-row">\n${field({ id: 'cc-exp', name: 'expiry', label: texts.expiry, autocomplete: 'cc-exp', numeric: true, maxLength: 7, required: true, placeholder: 'MM/YY' })}\n${cvc}\n</div>`,
        ].join('\n')
      : cvc;
  const title = kind === 'card' ? texts.cardFormTitle : texts.cvvFormTitle;
  // method and action matter only without the script: the browser then posts to the API, which refuses
  // anything but JSON, instead of putting the card number in a URL.
  return `<main>
<form id="psp-hosted-form" class="psp-form" method="post" action="${endpoint}" novalidate ${attributes}>
<h1 class="psp-title">${escapeHtml(title)}</h1>
<p class="psp-notice">${escapeHtml(texts.testNotice)}</p>
${fields}
<button type="submit" class="psp-primary">${escapeHtml(kind === 'card' ? texts.submitCard : texts.submitCvc)}</button>
<p id="psp-status" class="psp-status" role="status"></p>
</form>
</main>`;
}

export function cardFormPage(language: PageLanguage, parentOrigin: string): string {
  return layout(language, language.texts.cardFormTitle, hostedForm(language, parentOrigin, 'card'), { script: true, framed: true });
}

export function cvvFormPage(language: PageLanguage, parentOrigin: string): string {
  return layout(language, language.texts.cvvFormTitle, hostedForm(language, parentOrigin, 'cvv'), { script: true, framed: true });
}

export function formatAmount(amountMinor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

const METHOD_NAMES: Record<RedirectMethod, string> = { paypal: 'PayPal', ideal: 'iDEAL', apple_pay: 'Apple Pay' };

function decisionPage(
  language: PageLanguage,
  payment: PaymentRecord,
  page: { title: string; intro: string; action: string; approve: string; reject: string },
): string {
  const { texts } = language;
  const amount =
    payment.amountMinor === 0
      ? `<p>${escapeHtml(texts.verificationOnly)}</p>`
      : `<dl class="psp-summary"><dt>${escapeHtml(texts.amount)}</dt><dd dir="ltr">${escapeHtml(formatAmount(payment.amountMinor, payment.currency, language.locale))}</dd>
<dt>${escapeHtml(texts.reference)}</dt><dd dir="ltr">${escapeHtml(payment.reference)}</dd></dl>`;
  const body = `<main class="psp-card">
<p class="psp-notice">${escapeHtml(texts.testNotice)}</p>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.intro)}</p>
${amount}
<form method="post" action="${page.action}">
<input type="hidden" name="payment_id" value="${escapeHtml(payment.paymentId)}">
<div class="psp-actions">
<button type="submit" name="decision" value="approve" class="psp-primary">${escapeHtml(page.approve)}</button>
<button type="submit" name="decision" value="reject" class="psp-secondary">${escapeHtml(page.reject)}</button>
</div>
</form>
</main>`;
  return layout(language, page.title, body);
}

export function challengePage(language: PageLanguage, payment: PaymentRecord): string {
  const { texts } = language;
  return decisionPage(language, payment, {
    title: texts.challengeTitle,
    intro: texts.challengeIntro,
    action: PSP_PATHS.challenge,
    approve: texts.completeAuthentication,
    reject: texts.failAuthentication,
  });
}

export function redirectPage(language: PageLanguage, payment: PaymentRecord, method: RedirectMethod): string {
  const { texts } = language;
  return decisionPage(language, payment, {
    title: texts.redirectTitle(METHOD_NAMES[method]),
    intro: texts.redirectIntro,
    action: PSP_PATHS.redirect(method),
    approve: texts.approvePayment,
    reject: texts.cancel,
  });
}

export function messagePage(language: PageLanguage, message: string, options: { framed?: boolean } = {}): string {
  return layout(language, message, `<main class="psp-card">\n<p class="psp-notice">${escapeHtml(language.texts.testNotice)}</p>\n<h1>${escapeHtml(message)}</h1>\n</main>`, options);
}
