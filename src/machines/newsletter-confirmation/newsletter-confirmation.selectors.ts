/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface NewsletterConfirmationSnapshot {
  value: unknown;
}

/** What the confirmation page shows. */
export type NewsletterConfirmationPage = 'confirming' | 'failed' | 'confirmed' | 'alreadyConfirmed' | 'linkInvalid' | 'linkMissing';

export function selectPage({ value }: NewsletterConfirmationSnapshot): NewsletterConfirmationPage {
  switch (value) {
    case 'failed':
    case 'confirmed':
    case 'alreadyConfirmed':
    case 'linkInvalid':
    case 'linkMissing':
      return value;
    default:
      return 'confirming';
  }
}

/** The subscription stands: confirmed now, or before in this browser. */
export const selectIsSubscribed = (snapshot: NewsletterConfirmationSnapshot): boolean => {
  const page = selectPage(snapshot);
  return page === 'confirmed' || page === 'alreadyConfirmed';
};
