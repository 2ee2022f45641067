import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { memberToken, signedInMemberBff } from '../../../test/web/member-bff';
import type { BffHandler } from '../../../test/web/render-app';
import { renderApp } from '../../../test/web/render-app';
import type { InvitesConfig, ScimUser } from '../../contract/corporate';
import { ENROLMENT_CODE_HEADER, SCIM_SCHEMAS } from '../../contract/corporate';

/*
 * The enrolment page as people use it: a visitor proves a work email with the mailed code, gives their
 * name, is enrolled and signed in; a wrong code says how many tries are left; an unknown company says what
 * to do; an enrolled member leaves after confirming; a company admin invites colleagues unless invites are
 * locked; an invite link asks a visitor to sign in from the page's own button.
 */

const user = (company: string, email: string): ScimUser => ({
  schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
  id: 'enr-1',
  userName: email,
  name: { givenName: 'Ana', familyName: 'Lind', formatted: 'Ana Lind' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  [SCIM_SCHEMAS.enterpriseUser]: { organization: company },
  meta: { resourceType: 'User', created: '2026-11-27T10:00:00Z', lastModified: '2026-11-27T10:00:00Z', location: 'http://site.test/bff/corporate/scim/user' },
});

const scimError = (status: number, code: string, detail: string) => ({ status, body: { schemas: [SCIM_SCHEMAS.error], status: String(status), detail, code } });

interface Sent {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The corporate routes, answered by `answer` (method and path), recording what was sent. */
function corporateBff(answer: (method: string, path: string) => { status?: number; body: unknown } | undefined, base: BffHandler = () => undefined) {
  const sent: Sent[] = [];
  const handler: BffHandler = (url, init) => {
    const path = url.pathname.replace(/^\/bff/, '');
    if (path.startsWith('/corporate/') || path.startsWith('/members/invites') || path.startsWith('/members/accept-invite/')) {
      const method = init?.method ?? 'GET';
      sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null, headers: { ...(init?.headers as Record<string, string> | undefined) } });
      return answer(method, path) ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    }
    return base(url, init);
  };
  return { handler, sent };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the enrolment page', () => {
  it('enrols a visitor with the work email, the mailed code and their name, and signs them in', async () => {
    const token = validToken(Date.now(), { sub: 'guid-ana' });
    let codeTries = 0;
    const { handler, sent } = corporateBff((method, path) => {
      if (method === 'POST' && path === '/corporate/otp') return { status: 202, body: { data: { accepted: true } } };
      if (method === 'POST' && path === '/corporate/scim/user') {
        codeTries += 1;
        if (codeTries === 1) return scimError(401, 'enrolment_code_rejected', 'The code is not valid or has expired');
        return { status: 201, body: { ...user('Northwind Traders', 'ana@northwind.example'), session: { result: 'Authenticated', token } } };
      }
      return undefined;
    });
    await renderApp('/en/enroll', handler);
    const email = await screen.findByLabelText('Work email', {}, { timeout: 30_000 });
    const person = userEvent.setup();

    // A malformed address is named at its field, and nothing is sent.
    await person.type(email, 'ana@');
    await person.click(screen.getByRole('button', { name: 'Send me a code' }));
    const field = await screen.findByLabelText('Work email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe('Enter a valid email address, like name@company.com.');
    expect(sent).toEqual([]);

    await person.clear(field);
    await person.type(field, 'Ana@Northwind.example');
    await person.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('6-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/corporate/otp', body: { email: 'ana@northwind.example', locale: 'en' } });

    // The code, then the name (not signed in): a wrong code says how many tries are left.
    await person.type(code, '111 111');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    await person.type(await screen.findByLabelText('First name'), 'Ana');
    await person.type(screen.getByLabelText('Last name'), 'Lind');
    await person.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('This code is not valid. Check the latest email: you can try 4 more times.')).toBeTruthy();
    const again = screen.getByLabelText('6-digit code');
    await person.clear(again);
    await person.type(again, '222222');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    // The name typed before is kept.
    expect((await screen.findByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    await person.click(screen.getByRole('button', { name: 'Enrol' }));

    expect(await screen.findByRole('heading', { name: 'You’re enrolled with Northwind Traders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search hotels' }).getAttribute('href')).toBe('/en/');
    const enrolments = sent.filter((request) => request.path === '/corporate/scim/user');
    expect(enrolments.at(-1)).toMatchObject({
      method: 'POST',
      headers: { [ENROLMENT_CODE_HEADER]: '222222' },
      body: { userName: 'ana@northwind.example', name: { givenName: 'Ana', familyName: 'Lind' }, emails: [{ value: 'ana@northwind.example', type: 'work', primary: true }], active: true },
    });
    // The answer's session token went to the session, which stores it: the visitor is signed in.
    await waitFor(() => expect(localStorage.getItem('token')).toBe(token));
  });

  it('says when no company owns the email’s domain, and lets the visitor try another email', async () => {
    const { handler } = corporateBff((method, path) => {
      if (path === '/corporate/otp') return { status: 202, body: { data: { accepted: true } } };
      if (method === 'POST' && path === '/corporate/scim/user') return scimError(422, 'company_unknown', 'No company we have an agreement with uses this email domain');
      return undefined;
    });
    await renderApp('/en/enroll', handler);
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText('Work email', {}, { timeout: 30_000 }), 'ana@elsewhere.example');
    await person.click(screen.getByRole('button', { name: 'Send me a code' }));
    await person.type(await screen.findByLabelText('6-digit code'), '123456');
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    await person.type(await screen.findByLabelText('First name'), 'Ana');
    await person.type(screen.getByLabelText('Last name'), 'Lind');
    await person.click(screen.getByRole('button', { name: 'Enrol' }));
    const heading = await screen.findByRole('heading', { name: 'No company programme for this email' });
    // The new step's heading takes the focus, so it is read first.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/no company in our programme uses addresses at/).textContent).toContain('elsewhere.example');
    await person.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(await screen.findByLabelText('Work email')).toBeTruthy();
  });
});

describe('the enrolment page for a signed-in member', () => {
  beforeEach(() => localStorage.setItem('token', memberToken()));

  const config = (overrides: Partial<InvitesConfig> = {}): InvitesConfig => ({
    company: { name: 'Northwind Traders', domains: ['northwind.example'] },
    isAdmin: false,
    canInvite: false,
    locked: false,
    maxPerRequest: 20,
    invites: [],
    ...overrides,
  });

  it('shows the enrolment and leaves the programme after the confirmation', async () => {
    let enrolled = true;
    const { handler, sent } = corporateBff((method, path) => {
      if (path === '/corporate/scim/user' && method === 'GET') return enrolled ? { body: user('Northwind Traders', 'anna@northwind.example') } : scimError(404, 'not_enrolled', 'Not enrolled');
      if (path === '/corporate/scim/user' && method === 'DELETE') {
        enrolled = false;
        return { status: 200, body: null };
      }
      if (path === '/members/invites-config') return { body: { data: config() } };
      return undefined;
    }, signedInMemberBff());
    await renderApp('/en/enroll', handler);
    expect(await screen.findByRole('heading', { name: 'You’re enrolled with Northwind Traders' }, { timeout: 30_000 })).toBeTruthy();
    // No admin: no invite form.
    expect(screen.queryByRole('heading', { name: 'Invite colleagues' })).toBeNull();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Leave company programme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the company programme?' });
    // The safe choice has the focus; staying sends nothing.
    expect(document.activeElement?.textContent).toBe('Stay enrolled');
    await person.click(within(dialog).getByRole('button', { name: 'Stay enrolled' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await person.click(screen.getByRole('button', { name: 'Leave company programme' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Leave the company programme?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'You have left the company programme' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  }, 60_000);

  it('lets a company admin invite colleagues at the company’s domains only, and explains when invites are locked', async () => {
    let locked = false;
    const { handler, sent } = corporateBff((method, path) => {
      if (path === '/corporate/scim/user' && method === 'GET') return { body: user('Northwind Traders', 'anna@northwind.example') };
      if (path === '/members/invites-config') return { body: { data: config({ isAdmin: true, canInvite: !locked, locked }) } };
      if (path === '/members/invites' && method === 'POST') {
        return { status: 202, body: { data: { invites: [{ email: 'ben@northwind.example', status: 'pending', sentAt: '2026-11-27T10:00:00Z', expiresAt: '2026-12-11T10:00:00Z', acceptedAt: null }] } } };
      }
      return undefined;
    }, signedInMemberBff());
    const { unmount } = await renderApp('/en/enroll', handler);
    const person = userEvent.setup();
    const emails = await screen.findByLabelText('Colleagues’ work emails', {}, { timeout: 30_000 });
    await person.type(emails, 'ben@northwind.example, eve@gmail.example');
    await person.click(screen.getByRole('button', { name: 'Send invites' }));
    expect((await screen.findByText(/Invites go only to your company’s email domains/)).textContent).toContain('eve@gmail.example');
    expect(emails.getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((request) => request.path === '/members/invites')).toBe(false);
    await person.clear(emails);
    await person.type(emails, 'Ben@northwind.example');
    await person.click(screen.getByRole('button', { name: 'Send invites' }));
    expect(await screen.findByText('Invite sent to 1 colleague.')).toBeTruthy();
    expect(sent.find((request) => request.path === '/members/invites')?.body).toEqual({ emails: ['ben@northwind.example'], locale: 'en' });
    expect(within(screen.getByRole('table', { name: 'Invites you sent' })).getByText('ben@northwind.example')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();

    locked = true;
    await renderApp('/en/enroll', handler);
    expect(await screen.findByText(/Invites are paused at the moment/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Colleagues’ work emails')).toBeNull();
  }, 60_000);
});

describe('an invite link', () => {
  it('asks a visitor to sign in, from the page’s own button, to accept the invite', async () => {
    const { handler, sent } = corporateBff((method, path) => {
      if (method === 'POST' && path.startsWith('/members/accept-invite/')) return { body: { data: { outcome: 'sign_in_required', company: { name: 'Contoso' }, email: 'ben@contoso.example' } } };
      return undefined;
    }, signedInMemberBff());
    await renderApp('/en/enroll?invite=abcdefghijklmnopqrstuvwxyz', handler);
    expect(await screen.findByRole('heading', { name: 'Contoso invites you to its company programme' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/members/accept-invite/abcdefghijklmnopqrstuvwxyz' });
    // The dialog does not open by itself; the page's button opens it.
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);

  it('explains an invite that has expired and offers enrolling with the work email', async () => {
    const { handler } = corporateBff((method, path) => {
      if (method === 'POST' && path.startsWith('/members/accept-invite/')) return { status: 410, body: { error: { code: 'invite_expired', message: 'This invite has expired.' } } };
      return undefined;
    });
    await renderApp('/en/enroll?invite=abcdefghijklmnopqrstuvwxyz', handler);
    expect(await screen.findByText(/This invite has expired\. Ask the colleague who invited you for a new one/, {}, { timeout: 30_000 })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enrol with your work email' }));
    expect(await screen.findByLabelText('Work email')).toBeTruthy();
  }, 60_000);
});

