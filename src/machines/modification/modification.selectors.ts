import { draftProblems, hasChanges } from './modification.rules';
import type { DraftProblem, ModificationContext, ModificationDraft, ModificationFailure, ModificationNotice } from './modification.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface ModificationSnapshot {
  context: Pick<ModificationContext, 'modification' | 'draft' | 'priced' | 'notice' | 'failure' | 'failedStep' | 'currentTraveller' | 'today'>;
  /** The state value, as the machine gives it. */
  value: unknown;
}

/** Where the flow is, in the words the view uses. */
export type ModificationPhase = 'starting' | 'editing' | 'repricing' | 'unavailable' | 'completing' | 'completed' | 'failed';

export function selectPhase(snapshot: ModificationSnapshot): ModificationPhase {
  const { value } = snapshot;
  if (typeof value === 'object' && value !== null && 'editing' in value) {
    return (value as { editing: unknown }).editing === 'repricing' ? 'repricing' : 'editing';
  }
  switch (value) {
    case 'starting':
    case 'unavailable':
    case 'completing':
    case 'completed':
    case 'failed':
      return value;
    default:
      return 'starting';
  }
}

export const selectDraft = (snapshot: ModificationSnapshot): ModificationDraft => snapshot.context.draft;

export const selectProblems = (snapshot: ModificationSnapshot): DraftProblem[] =>
  draftProblems(snapshot.context.draft, snapshot.context.currentTraveller, snapshot.context.today);

/** The stay as booked, once the modification started. */
export function selectOriginal(snapshot: ModificationSnapshot) {
  const { modification } = snapshot.context;
  return modification ? { ...modification.original, currency: modification.currency } : null;
}

export interface PriceChange {
  currency: string;
  /** Price of the stay as booked and as proposed, tax included. */
  original: number;
  proposed: number;
  /** proposed - original, as the server computed it. */
  difference: number;
}

/** The new price, only while it prices the draft as it stands and the proposal can be booked. */
export function selectPriceChange(snapshot: ModificationSnapshot): PriceChange | null {
  const { modification, priced } = snapshot.context;
  const phase = selectPhase(snapshot);
  if (!modification || !priced || !modification.available || (phase !== 'editing' && phase !== 'completing')) return null;
  return {
    currency: modification.currency,
    original: modification.original.price_with_tax,
    proposed: modification.proposed.price_with_tax,
    difference: modification.price_difference,
  };
}

/** Whether the priced proposal changes nothing (the guest checked the booking as it is). */
export function selectIsUnchanged(snapshot: ModificationSnapshot): boolean {
  const { modification, priced, draft, currentTraveller } = snapshot.context;
  return selectPhase(snapshot) === 'editing' && priced && modification !== null && modification.available && !hasChanges(modification, draft, currentTraveller);
}

/** Complete is offered for a priced proposal that can be booked and changes something. */
export function selectCanComplete(snapshot: ModificationSnapshot): boolean {
  return selectPriceChange(snapshot) !== null && selectPhase(snapshot) === 'editing' && !selectIsUnchanged(snapshot);
}

/** The price check is offered while editing (or after an unavailable answer) for a draft without problems. */
export function selectCanCheckPrice(snapshot: ModificationSnapshot): boolean {
  const phase = selectPhase(snapshot);
  return (phase === 'editing' || phase === 'unavailable') && selectProblems(snapshot).length === 0;
}

/** The form takes edits while editing (a price check is dropped by an edit) and after an unavailable answer. */
export function selectCanEdit(snapshot: ModificationSnapshot): boolean {
  const phase = selectPhase(snapshot);
  return phase === 'editing' || phase === 'repricing' || phase === 'unavailable';
}

export const selectNotice = (snapshot: ModificationSnapshot): ModificationNotice => snapshot.context.notice;

export function selectFailure(snapshot: ModificationSnapshot): { failure: ModificationFailure; canResume: boolean } | null {
  const { failure, failedStep, modification } = snapshot.context;
  if (selectPhase(snapshot) !== 'failed' || !failure) return null;
  return { failure, canResume: failedStep === 'complete' && modification !== null };
}
