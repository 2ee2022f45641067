import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../../../test/auth/tokens';
import { flagsOff } from '../../../../../test/web/flags-off';
import { MEMBER_SUBJECT, memberProfile, signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';
import { todayInBerlin } from '../../../../contract/calendar-dates';
import type { MemberProfile } from '../../../../contract/auth';
import type { BillingAddress } from '../../../../contract/member-profile';

vi.mock('../../../shell/flags-context', async (original) => (await import('../../../../../test/web/flags-off')).withFlagsOff(await original()));

/*
 * The profile's personal part against a fake BFF that keeps what it is told: the member's profile, codes
 * (the right one is 123456), the step-up token, billing addresses. Requests are recorded with their body
 * and step-up header, so each test shows what the member's actions sent, and that nothing was sent for
 * what the form refused.
 */

const RIGHT_CODE = '123456';
const STEP_UP_TOKEN = 'step-up-token-1';
const NEW_SESSION_TOKEN = validToken(Date.now(), { sub: MEMBER_SUBJECT, minutes: 30 });

interface Sent {
  method: string;
  path: string;
  body: unknown;
  stepUp: string | null;
}

const issue = (path: string, message: string) => ({ error: { code: 'bad_request', message: 'Invalid request body', issues: [{ path, message }] } });
const codeRefused = { status: 400, body: issue('code', 'The code is not valid or has expired. Ask for a new code.') };
const accepted = { status: 202, body: { data: { accepted: true } } };

function profileBff(start: { profile?: MemberProfile; billing?: BillingAddress[]; limitCodes?: boolean } = {}) {
  const state = { profile: start.profile ?? { ...memberProfile, birthday: '1986-04-12', phone: null }, billing: start.billing ?? [], pendingEmail: null as string | null, sent: [] as Sent[] };
  const record = (url: URL, init?: RequestInit) =>
    state.sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/bff/, ''),
      body: init?.body ? JSON.parse(String(init.body)) : null,
      stepUp: new Headers(init?.headers).get('X-Step-Up-Token'),
    });
  const body = (init?: RequestInit) => JSON.parse(String(init?.body ?? '{}')) as Record<string, string>;
  const profile = (changes: Partial<MemberProfile>) => {
    state.profile = { ...state.profile, ...changes };
    return { body: { data: state.profile } };
  };
  const sentCode = (url: URL, init?: RequestInit) => {
    record(url, init);
    return start.limitCodes ? { status: 429, body: { error: { code: 'bad_request', message: 'Too many attempts.' } } } : accepted;
  };
  const handler = signedInMemberBff({
    '/members/profile': () => ({ body: { data: state.profile } }),
    '/auth/step-up/code': sentCode,
    '/auth/step-up': (url, init) => {
      record(url, init);
      return body(init).code === RIGHT_CODE ? { body: { data: { step_up_token: STEP_UP_TOKEN, expires_in: 300 } } } : codeRefused;
    },
    '/members/update-profile-email-request': (url, init) => {
      record(url, init);
      if (new Headers(init?.headers).get('X-Step-Up-Token') !== STEP_UP_TOKEN) return { status: 403, body: { error: { code: 'step_up_required', message: 'Confirm it is you first' } } };
      state.pendingEmail = body(init).email ?? null;
      return accepted;
    },
    '/members/update-profile-email': (url, init) => {
      record(url, init);
      if (body(init).code !== RIGHT_CODE || !state.pendingEmail) return codeRefused;
      const changed = profile({ email: state.pendingEmail }).body.data;
      return { body: { data: { profile: changed, token: NEW_SESSION_TOKEN } } };
    },
    '/members/update-profile-birthday-otp': sentCode,
    '/members/update-profile-birthday': (url, init) => {
      record(url, init);
      const { birthday, code } = body(init);
      return code === RIGHT_CODE ? profile({ birthday: birthday ?? null }) : codeRefused;
    },
    '/members/update-profile-name-otp': sentCode,
    '/members/update-profile': (url, init) => {
      record(url, init);
      const { phone } = body(init);
      return profile({ phone: phone ? phone.replace(/[\s\-./()]/g, '') : null });
    },
    '/members/update-profile-address': (url, init) => {
      record(url, init);
      const address = body(init);
      if (address.postalCode === '00000') return { status: 400, body: issue('postalCode', 'Unknown postal code') };
      return profile({
        address: {
          street: address.street ?? '',
          postalCode: address.postalCode ?? '',
          city: address.city ?? '',
          countryCode: address.country ?? '',
          state: address.state ?? null,
          text: `${address.street}, ${address.postalCode} ${address.city}`,
        },
      });
    },
    '/members/countries': {
      body: {
        data: [
          { code: 'DE', name: 'Germany', hasStates: true },
          { code: 'NL', name: 'Netherlands', hasStates: false },
          { code: 'US', name: 'United States', hasStates: true },
        ],
      },
    },
    '/members/states': (url) => ({
      body: {
        data:
          url.searchParams.get('country') === 'US'
            ? [
                { code: 'CA', name: 'California' },
                { code: 'NY', name: 'New York' },
              ]
            : [
                { code: 'BE', name: 'Berlin' },
                { code: 'BY', name: 'Bayern' },
              ],
      },
    }),
    '/members/billing-addresses': (url, init) => {
      if (init?.method !== 'POST') return { body: { data: state.billing } };
      record(url, init);
      const request = body(init);
      const added: BillingAddress = {
        id: `00000000-0000-4000-8000-00000000000${state.billing.length}`,
        companyName: request.companyName ?? null,
        vatId: request.vatId ?? null,
        street: request.street ?? '',
        postalCode: request.postalCode ?? '',
        city: request.city ?? '',
        country: request.country ?? '',
        state: request.state ?? null,
      };
      state.billing = [...state.billing, added];
      return { status: 201, body: { data: added } };
    },
  });
  const withDelete = (url: URL, init?: RequestInit) => {
    const id = /^\/bff\/members\/billing-addresses\/(.+)$/.exec(url.pathname)?.[1];
    if (id && init?.method === 'DELETE') {
      record(url, init);
      state.billing = state.billing.filter((address) => address.id !== id);
      // The BFF answers 204; the test's fetch cannot make a 204 with a body, and the app reads none.
      return { status: 200, body: null };
    }
    return handler(url, init);
  };
  return { handler: withDelete, state };
}

startEachTestSignedIn();
afterEach(() => flagsOff.clear());

async function openPersonalData(handler: ReturnType<typeof profileBff>['handler']) {
  await renderApp('/en/account/profile', handler);
  return screen.findByRole('region', { name: 'Personal data' }, { timeout: 30_000 });
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

describe('the personal data on the profile', () => {
  it('changes the email address: a step-up code first, then the new address and its code; the session adopts the new token', async () => {
    const { handler, state } = profileBff();
    const section = await openPersonalData(handler);
    expect(section.textContent).toContain('anna@example.com');
    expect(section.textContent).toContain(memberProfile.dailypointMasterId);
    const change = within(section).getByRole('button', { name: 'Change email address' });
    expect(change.getAttribute('data-track-area')).toBe('change of email');
    await userEvent.click(change);

    // The step-up: a code to the current address; a wrong one is said at the field and kept there.
    const dialog = await dialogNamed('Change your email address');
    await within(dialog).findByText(/We have sent a 6-digit code to/);
    expect(dialog.textContent).toContain('anna@example.com');
    const stepUpField = within(dialog).getByLabelText('6-digit code');
    expect(document.activeElement).toBe(stepUpField);
    await userEvent.type(stepUpField, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('This code is not valid or has expired. Check the latest email, or ask for a new code.');
    expect((within(dialog).getByLabelText('6-digit code') as HTMLInputElement).value).toBe('111111');
    await userEvent.clear(within(dialog).getByLabelText('6-digit code'));
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // The new address: the current one is refused at the field without a request.
    const emailField = await within(dialog).findByLabelText('New email address');
    await userEvent.type(emailField, 'ANNA@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a code to this address' }));
    expect(within(dialog).getByText('This is your email address already. Enter the new one.')).toBeTruthy();
    expect(emailField.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emailField);
    await userEvent.clear(emailField);
    await userEvent.type(emailField, 'anna.new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a code to this address' }));

    // The code to the new address, worded the same whether the address is free or not.
    await waitFor(() => expect(dialog.textContent).toContain('If anna.new@example.com can be used for your account, we have sent a 6-digit code to it.'));
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), RIGHT_CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change my email address' }));
    await waitFor(() => expect(dialog.textContent).toContain('Your email address is now anna.new@example.com. Use it to sign in from now on.'));
    expect(state.sent.filter((sent) => sent.method === 'POST')).toEqual([
      { method: 'POST', path: '/auth/step-up/code', body: { locale: 'en' }, stepUp: null },
      { method: 'POST', path: '/auth/step-up', body: { code: '111111' }, stepUp: null },
      { method: 'POST', path: '/auth/step-up', body: { code: RIGHT_CODE }, stepUp: null },
      { method: 'POST', path: '/members/update-profile-email-request', body: { email: 'anna.new@example.com' }, stepUp: STEP_UP_TOKEN },
      { method: 'POST', path: '/members/update-profile-email', body: { code: RIGHT_CODE }, stepUp: null },
    ]);
    // The session goes on with the token the BFF gave for the new address.
    await waitFor(() => expect(localStorage.getItem('token')).toBe(NEW_SESSION_TOKEN));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your email address' })).toBeNull());
    expect(section.textContent).toContain('anna.new@example.com');
  });

  it('checks a new birthday at the field before a code is asked for, then changes it with the code', async () => {
    const { handler, state } = profileBff();
    const section = await openPersonalData(handler);
    const change = within(section).getByRole('button', { name: 'Change birthday' });
    expect(change.getAttribute('data-track-area')).toBe('change of birthday');
    await userEvent.click(change);
    const dialog = await dialogNamed('Change your birthday');
    const field = within(dialog).getByLabelText('Birthday');
    // Seventeen today: refused at the field, nothing sent.
    const [year, month, day] = todayInBerlin().split('-').map(Number) as [number, number, number];
    const seventeen = `${year - 17}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    await userEvent.clear(field);
    await userEvent.type(field, seventeen);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    expect(within(dialog).getByText('Members must be at least 18 years old.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(state.sent).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '1985-06-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    await userEvent.type(await within(dialog).findByLabelText('6-digit code'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    expect(within(dialog).getByText('Enter the 6-digit code from the email.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('6-digit code'));
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), RIGHT_CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    await within(dialog).findByText('Your birthday has been changed.');
    expect(state.sent.map((sent) => [sent.path, sent.body])).toEqual([
      ['/members/update-profile-birthday-otp', {}],
      ['/members/update-profile-birthday', { birthday: '1985-06-30', code: RIGHT_CODE }],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(section.textContent).toContain('30 June 1985'));
  });

  it('words the BFF’s limit on codes with the time to wait, and keeps the new name typed', async () => {
    const { handler } = profileBff({ limitCodes: true });
    const section = await openPersonalData(handler);
    await userEvent.click(within(section).getByRole('button', { name: 'Change name' }));
    const dialog = await dialogNamed('Change your name');
    const lastName = within(dialog).getByLabelText('Last name');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Schmidt-Weber');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send me a code' }));
    await within(dialog).findByText('You have asked for several codes in a short time. Please try again later.');
    expect((within(dialog).getByLabelText('Last name') as HTMLInputElement).value).toBe('Schmidt-Weber');
  });

  it('hides the email and name changes when their flags are off', async () => {
    flagsOff.add('show-change-email-button');
    flagsOff.add('show-change-name-button');
    const { handler } = profileBff();
    const section = await openPersonalData(handler);
    expect(within(section).queryByRole('button', { name: 'Change email address' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Change name' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Change birthday' })).toBeTruthy();
  });

  it('edits the phone in place: a number without its country code is refused at the field, a right one is saved', async () => {
    const { handler, state } = profileBff();
    const section = await openPersonalData(handler);
    await userEvent.click(within(section).getByRole('button', { name: 'Add phone number' }));
    const field = within(section).getByLabelText('Phone number');
    await userEvent.type(field, '030 1234');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Enter the number with its country code, for example +49 30 1234567.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(state.sent).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '+49 30 1234567');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Phone number saved.');
    expect(section.textContent).toContain('+49301234567');
    expect(state.sent.map((sent) => sent.body)).toEqual([{ phone: '+49 30 1234567' }]);
  });
});

describe('the address on the profile', () => {
  it('asks for the state where the country has states, marks what the BFF refused, and saves', async () => {
    const { handler, state } = profileBff();
    await openPersonalData(handler);
    const section = screen.getByRole('region', { name: 'Address' });
    expect(section.textContent).toContain('You have not given an address yet.');
    const change = within(section).getByRole('button', { name: 'Add an address' });
    expect(change.getAttribute('data-track-area')).toBe('change of address');
    await userEvent.click(change);
    expect(document.activeElement).toBe(within(section).getByLabelText('Street and house number'));
    await userEvent.type(within(section).getByLabelText('Street and house number'), 'Market Street 1');
    await userEvent.type(within(section).getByLabelText('City'), 'San Francisco');
    const country = within(section).getByLabelText('Country');
    await waitFor(() => expect(within(section).getByRole('option', { name: 'United States' })).toBeTruthy());
    await userEvent.selectOptions(country, 'US');
    await waitFor(() => expect(within(section).getByRole('option', { name: 'California' })).toBeTruthy());
    await userEvent.click(within(section).getByRole('button', { name: 'Save the address' }));
    // The first field to correct takes the focus: the postal code, then (below it) the state.
    expect(within(section).getByText('Enter the postal code.')).toBeTruthy();
    expect(within(section).getByText('Choose the state.')).toBeTruthy();
    expect(document.activeElement).toBe(within(section).getByLabelText('Postal code'));
    expect(state.sent).toEqual([]);

    await userEvent.selectOptions(within(section).getByLabelText('State'), 'CA');
    const postalCode = within(section).getByLabelText('Postal code');
    await userEvent.type(postalCode, '00000');
    await userEvent.click(within(section).getByRole('button', { name: 'Save the address' }));
    await within(section).findByText('Check the postal code.');
    expect(postalCode.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(postalCode));

    await userEvent.clear(postalCode);
    await userEvent.type(postalCode, '94105');
    await userEvent.click(within(section).getByRole('button', { name: 'Save the address' }));
    await within(section).findByText('Address saved.');
    expect(state.sent.at(-1)?.body).toEqual({ street: 'Market Street 1', postalCode: '94105', city: 'San Francisco', country: 'US', state: 'CA' });
    expect(section.textContent).toContain('Market Street 1, 94105 San Francisco');
  });
});

describe('the billing addresses on the profile', () => {
  it('adds one (checking its VAT number), deletes one after a confirmation, and explains the limit of 10', async () => {
    const full = Array.from({ length: 9 }, (_, index): BillingAddress => ({
      id: `10000000-0000-4000-8000-00000000000${index}`,
      companyName: `Company ${index + 1}`,
      vatId: null,
      street: `Street ${index + 1}`,
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      state: 'BE',
    }));
    const { handler, state } = profileBff({ billing: full });
    await openPersonalData(handler);
    const section = screen.getByRole('region', { name: 'Billing addresses' });
    await within(section).findByText('9 of 10 billing addresses');
    await userEvent.click(within(section).getByRole('button', { name: 'Add a billing address' }));
    await userEvent.type(within(section).getByLabelText('Company (optional)'), 'Acme GmbH');
    await userEvent.type(within(section).getByLabelText('VAT number (optional)'), 'DE12');
    await userEvent.type(within(section).getByLabelText('Street and house number'), 'Friedrichstraße 1');
    await userEvent.type(within(section).getByLabelText('Postal code'), '10117');
    await userEvent.type(within(section).getByLabelText('City'), 'Berlin');
    await waitFor(() => expect(within(section).getByRole('option', { name: 'Netherlands' })).toBeTruthy());
    await userEvent.selectOptions(within(section).getByLabelText('Country'), 'NL');
    await userEvent.click(within(section).getByRole('button', { name: 'Add the billing address' }));
    expect(within(section).getByText('Enter the VAT number with its country prefix, for example DE123456789.')).toBeTruthy();
    expect(state.sent).toEqual([]);
    const vat = within(section).getByLabelText('VAT number (optional)');
    await userEvent.clear(vat);
    await userEvent.type(vat, 'NL 123456789 B01');
    await userEvent.click(within(section).getByRole('button', { name: 'Add the billing address' }));
    await within(section).findByText('Billing address saved.');
    await within(section).findByText('10 of 10 billing addresses');
    expect(within(section).getByText('You have 10 billing addresses, the most you can keep. Delete one to add another.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Add a billing address' })).toBeNull();
    expect(state.sent[0]?.body).toEqual({ companyName: 'Acme GmbH', vatId: 'NL 123456789 B01', street: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'NL', state: null });

    await userEvent.click(within(section).getByRole('button', { name: 'Delete Company 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this billing address?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await within(section).findByText('Billing address deleted.');
    await within(section).findByText('9 of 10 billing addresses');
    expect(state.sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/members/billing-addresses/${full[0]?.id}` });
  });
});
