/* global document, window, fetch */
// The hosted card form and CVV field of the test payment provider (served from /psp/assets, no inline
// script). Checks the fields, exchanges them for a token at the provider and hands the token, never the
// card data, to the page that frames the form, and only to its origin (the `data-parent-origin` the
// provider checked against the merchant's origin).

const form = document.getElementById('psp-hosted-form');
const status = document.getElementById('psp-status');

function digits(value) {
  return value.replace(/[\s-]/g, '');
}

function passesLuhn(number) {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "04/29", "4/29", "04 / 2029" -> { month: 4, year: 2029 }; null when not a date. */
function parseExpiry(value) {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function expiryInFuture(expiry) {
  const now = new Date();
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const cardMonth = expiry.year * 12 + expiry.month - 1;
  return cardMonth >= thisMonth && cardMonth <= thisMonth + 240;
}

function showError(input, message) {
  const error = document.getElementById(`${input.id}-error`);
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  if (!error) return;
  error.textContent = message;
  error.hidden = !message;
}

/** Every field's problem, in the order of the form; an empty list when all is well. */
function check(elements) {
  const problems = [];
  const { number, expiry, cvc } = elements;
  if (number) {
    const value = digits(number.value);
    if (!/^\d{12,19}$/.test(value) || !passesLuhn(value)) problems.push([number, form.dataset.errorNumber]);
    else showError(number, '');
  }
  if (expiry) {
    const parsed = parseExpiry(expiry.value);
    if (!parsed || !expiryInFuture(parsed)) problems.push([expiry, form.dataset.errorExpiry]);
    else showError(expiry, '');
  }
  if (!/^\d{3,4}$/.test(cvc.value.trim())) problems.push([cvc, form.dataset.errorCvc]);
  else showError(cvc, '');
  for (const [input, message] of problems) showError(input, message);
  return problems;
}

function requestBody(elements) {
  if (form.dataset.kind === 'cvv') return { cvc: elements.cvc.value.trim() };
  const expiry = parseExpiry(elements.expiry.value);
  return {
    number: digits(elements.number.value),
    expiry_month: expiry.month,
    expiry_year: expiry.year,
    cvc: elements.cvc.value.trim(),
    holder_name: elements.name.value.trim() || null,
  };
}

function message(answer) {
  if (form.dataset.kind === 'cvv') return { type: 'psp.cvv.tokenized', cvv_token: answer.cvv_token };
  return {
    type: 'psp.card.tokenized',
    token: answer.token,
    brand: answer.brand,
    last4: answer.last4,
    expiry_month: answer.expiry_month,
    expiry_year: answer.expiry_year,
  };
}

if (form) {
  const elements = {
    name: document.getElementById('cc-name'),
    number: document.getElementById('cc-number'),
    expiry: document.getElementById('cc-exp'),
    cvc: document.getElementById('cc-csc'),
  };
  const submit = form.querySelector('button[type="submit"]');
  let busy = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    status.textContent = '';
    const problems = check(elements);
    if (problems.length > 0) {
      problems[0][0].focus();
      return;
    }
    busy = true;
    submit.disabled = true;
    try {
      const response = await fetch(form.dataset.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(requestBody(elements)),
        credentials: 'same-origin',
      });
      if (response.status === 400) {
        const answer = await response.json().catch(() => ({}));
        const fields = (answer.error && answer.error.fields) || [];
        const inputs = { number: elements.number, expiry: elements.expiry, cvc: elements.cvc };
        const messages = { number: form.dataset.errorNumber, expiry: form.dataset.errorExpiry, cvc: form.dataset.errorCvc };
        const invalid = fields.filter((name) => inputs[name]);
        for (const name of invalid) showError(inputs[name], messages[name]);
        if (invalid.length > 0) inputs[invalid[0]].focus();
        else status.textContent = form.dataset.errorNetwork;
        return;
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      const answer = await response.json();
      // The card data leaves the fields once it is safely at the provider.
      if (elements.number) elements.number.value = '';
      elements.cvc.value = '';
      status.textContent = form.dataset.done;
      window.parent.postMessage(message(answer), form.dataset.parentOrigin);
    } catch {
      status.textContent = form.dataset.errorNetwork;
    } finally {
      busy = false;
      submit.disabled = false;
    }
  });
}
