import { describe, expect, it } from 'vitest';
import { HttpError } from '../../services/bff/client';
import { CheckinError } from '../../services/checkin/checkin-api';
import { checkinFixture, REGISTERED } from './checkin.fixtures';
import { classifyFailure, draftOfCheckin, emptyDraft, errorsOfIssues, fieldsOf, initialCheckinContext, opensOnOf, requestOfDraft, reviewDraft, startRequestOf } from './checkin.rules';
import {
  selectCanRecheck,
  selectConfirmation,
  selectFields,
  selectLookupMissing,
  selectPaymentPhase,
  selectStep,
  selectView,
} from './checkin.selectors';
import type { CheckinSnapshot } from './checkin.selectors';
import type { CheckinContext, CheckinTag, DetailsDraft } from './checkin.types';

const context = (overrides: Partial<CheckinContext> = {}): CheckinContext => ({
  ...initialCheckinContext({ locale: 'en', entry: { kind: 'lookup' }, today: '2026-11-27', newKey: () => 'key' }),
  ...overrides,
});
const snapshot = (value: CheckinSnapshot['value'], overrides: Partial<CheckinContext> = {}, tags: CheckinTag[] = []): CheckinSnapshot => ({
  value,
  context: context(overrides),
  hasTag: (tag) => tags.includes(tag),
});

const CONFIRMATION = { code: 'HCI-7Q2K', qr_payload: 'HCI:HCI-7Q2K', qr_png: 'data:image/png;base64,AAAA', completed_at: '2026-11-27T10:00:00Z' };

describe('check-in selectors', () => {
  it('show a skeleton while the check-in starts, loads or decides its step', () => {
    for (const value of ['starting', 'opening', 'loading', 'routing']) expect(selectView(snapshot(value))).toBe('loading');
    expect(selectView(snapshot({ details: 'saving' }))).toBe('details');
    expect(selectView(snapshot({ payment: 'paying' }))).toBe('payment');
    expect(selectView(snapshot('notOpenYet'))).toBe('notOpenYet');
  });

  it('name the step of the indicator only in the steps', () => {
    expect(selectStep(snapshot({ details: 'editing' }))).toBe('details');
    expect(selectStep(snapshot({ payment: 'declined' }))).toBe('payment');
    expect(selectStep(snapshot('awaitingPayment'))).toBe('payment');
    expect(selectStep(snapshot('redirecting'))).toBe('payment');
    expect(selectStep(snapshot('done'))).toBe('done');
    for (const value of ['lookup', 'linkInvalid', 'closed', 'failed', 'loading']) expect(selectStep(snapshot(value))).toBeNull();
  });

  it('tell the payment step’s parts apart, a call on its way as paying', () => {
    expect(selectPaymentPhase(snapshot({ payment: 'choosing' }))).toBe('choosing');
    expect(selectPaymentPhase(snapshot({ payment: 'declined' }))).toBe('declined');
    expect(selectPaymentPhase(snapshot({ payment: 'preparing' }))).toBe('paying');
    expect(selectPaymentPhase(snapshot({ payment: 'paymentFailed' }))).toBe('paymentFailed');
    expect(selectPaymentPhase(snapshot({ details: 'editing' }))).toBeNull();
  });

  it('give the confirmation only once checked in', () => {
    const checkin = checkinFixture({ status: 'completed', confirmation: CONFIRMATION });
    expect(selectConfirmation(snapshot('done', { checkin }))).toEqual(CONFIRMATION);
    expect(selectConfirmation(snapshot('loading', { checkin }))).toBeNull();
  });

  it('name the lookup’s empty fields only after a try', () => {
    expect(selectLookupMissing(snapshot('lookup', { lookup: { reservationNumber: '', lastName: 'Muster' } }))).toEqual([]);
    expect(selectLookupMissing(snapshot('lookup', { showProblems: true, lookup: { reservationNumber: ' ', lastName: 'Muster' } }))).toEqual(['reservationNumber']);
  });

  it('stop offering the automatic recheck after five reads', () => {
    expect(selectCanRecheck(snapshot('awaitingPayment', { pendingChecks: 4 }))).toBe(true);
    expect(selectCanRecheck(snapshot('awaitingPayment', { pendingChecks: 5 }))).toBe(false);
  });

  it('ask a German hotel’s foreign guest for the travel document, a German guest not, and the company of a business stay', () => {
    const checkin = checkinFixture();
    const foreign: DetailsDraft = { ...draftOfCheckin(checkin), nationality: 'GB' };
    expect(selectFields(snapshot({ details: 'editing' }, { checkin, draft: foreign }))).toContain('document_number');
    const german = { ...foreign, nationality: 'DE' };
    expect(fieldsOf(checkin, german)).not.toContain('document_number');
    expect(fieldsOf(checkin, { ...german, purpose: 'business' })).toContain('company_name');
    expect(fieldsOf(checkin, german)).toEqual(['first_name', 'last_name', 'date_of_birth', 'nationality', 'street', 'postal_code', 'city', 'country', 'arrival_time', 'purpose']);
  });
});

describe('check-in rules', () => {
  it('read each failure by its code, then its status', () => {
    expect(classifyFailure(new CheckinError(409, 'checkin_not_open_yet', []))).toBe('notOpenYet');
    expect(classifyFailure(new CheckinError(409, 'checkin_closed', []))).toBe('closed');
    expect(classifyFailure(new CheckinError(409, 'stay_cancelled', []))).toBe('cancelled');
    expect(classifyFailure(new CheckinError(409, 'checkin_completed', []))).toBe('completed');
    expect(classifyFailure(new CheckinError(409, 'checkin_details_missing', []))).toBe('detailsMissing');
    expect(classifyFailure(new CheckinError(503, 'hotel_system_unavailable', []))).toBe('unavailable');
    expect(classifyFailure(new CheckinError(400, 'bad_request', []))).toBe('invalid');
    expect(classifyFailure(new HttpError(404))).toBe('notFound');
    expect(classifyFailure(new HttpError(401))).toBe('notFound');
    expect(classifyFailure(new HttpError(429))).toBe('tooManyAttempts');
    expect(classifyFailure(new HttpError(500))).toBe('network');
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('read the day online check-in opens from the refusal', () => {
    expect(opensOnOf(new CheckinError(409, 'checkin_not_open_yet', [{ path: 'opens_on', message: '2026-12-01' }]))).toBe('2026-12-01');
    expect(opensOnOf(new CheckinError(409, 'checkin_not_open_yet', [{ path: 'opens_on', message: 'soon' }]))).toBeNull();
    expect(opensOnOf(new HttpError(409))).toBeNull();
  });

  it('map the BFF’s issues to the form’s fields and leave out the rest', () => {
    expect(
      errorsOfIssues([
        { path: 'document_number', message: 'A document number has 5 to 20 letters and digits' },
        { path: 'date_of_birth', message: 'The guest who registers must be at least 18' },
        { path: 'city', message: 'Required' },
        { path: 'body', message: 'Something else' },
      ]),
    ).toEqual({ document_number: 'invalid', date_of_birth: 'tooYoung', city: 'required' });
  });

  it('refuse a draft with a field missing, in the wrong form, or of a guest too young; accept a complete one', () => {
    const checkin = checkinFixture();
    const draft = draftOfCheckin(checkin);
    expect(draft.first_name).toBe('Mia');
    const errors = reviewDraft(checkin, draft, '2026-11-27');
    expect(errors.date_of_birth).toBe('required');
    expect(errors.purpose).toBe('required');
    expect(errors.first_name).toBeUndefined();
    const complete = draftOfCheckin(checkinFixture({ details: REGISTERED }));
    expect(reviewDraft(checkin, complete, '2026-11-27')).toEqual({});
    expect(reviewDraft(checkin, { ...complete, arrival_time: '25:00' }, '2026-11-27')).toEqual({ arrival_time: 'invalid' });
    expect(reviewDraft(checkin, { ...complete, document_number: 'X1' }, '2026-11-27')).toEqual({ document_number: 'invalid' });
    expect(reviewDraft(checkin, { ...complete, date_of_birth: '2015-01-01' }, '2026-11-27')).toEqual({ date_of_birth: 'tooYoung' });
  });

  it('send only the fields the form shows', () => {
    const checkin = checkinFixture();
    const german = { ...draftOfCheckin(checkinFixture({ details: REGISTERED })), nationality: 'de', document_number: 'C01X00T47', company_name: 'ACME' };
    const request = requestOfDraft(checkin, german);
    expect(request.nationality).toBe('DE');
    expect(request.document_number).toBeNull();
    expect(request.company_name).toBeNull();
    expect(request.arrival_time).toBe('15:00');
  });

  it('start from the link, the member’s booking or a filled-in lookup', () => {
    const lookup = { reservationNumber: ' hb-1 ', lastName: 'Muster' };
    expect(startRequestOf({ entry: { kind: 'link', token: 't' }, lookup })).toEqual({ token: 't' });
    expect(startRequestOf({ entry: { kind: 'member', reservationNumber: 'HB-1' }, lookup })).toEqual({ reservation_number: 'HB-1' });
    expect(startRequestOf({ entry: { kind: 'lookup' }, lookup })).toEqual({ reservation_number: 'hb-1', last_name: 'Muster' });
    expect(startRequestOf({ entry: { kind: 'lookup' }, lookup: { reservationNumber: '', lastName: 'Muster' } })).toBeNull();
    expect(startRequestOf({ entry: { kind: 'resume', checkinId: 'x' }, lookup })).toBeNull();
    expect(emptyDraft().first_name).toBe('');
  });
});
