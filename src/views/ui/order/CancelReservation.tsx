import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Order } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import { cancellationFailureOf, useCancelReservation } from '../../../services/booking/queries';
import type { AuthAccess } from '../../../services/account/requests';
import { formatDeadline } from './booking-format';
import { ConfirmDialog } from '../ConfirmDialog';

interface CancelReservationProps {
  locale: Locale;
  order: Order;
  /** The access the cancellation is sent with (a guest's order access, or the member's token). */
  access: AuthAccess;
  reservationNumber: string;
  freeCancellationUntil: string | null;
  onCancelled: (reservationNumber: string, refundedBefore: number) => void;
}

/** Cancels one reservation after the guest confirms it in a dialog; the order is read again afterwards. */
export function CancelReservation({ locale, order, access, reservationNumber, freeCancellationUntil, onCancelled }: CancelReservationProps) {
  const { t } = useLingui();
  // Whether the dialog is open is this view's own state; the cancellation is the mutation's.
  const [open, setOpen] = useState(false);
  const cancel = useCancelReservation(order, reservationNumber, access, { onCancelled });
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setOpen(false);
  };
  const failure = cancel.isError ? cancellationFailureOf(cancel.error) : null;
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t`Cancel reservation`}
      </button>
      <ConfirmDialog
        open={open}
        title={t`Cancel reservation ${reservationNumber}?`}
        onClose={close}
        actions={
          <>
            <button type="button" className="button" onClick={close} disabled={cancel.isPending}>
              {t`Keep my reservation`}
            </button>
            <button type="button" className="button button--primary" onClick={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })} disabled={cancel.isPending} aria-busy={cancel.isPending}>
              {cancel.isPending ? t`Cancelling…` : t`Yes, cancel it`}
            </button>
          </>
        }
      >
        <p>
          {freeCancellationUntil
            ? t`Cancelling is free of charge until ${formatDeadline(freeCancellationUntil, locale)}. After that, the hotel's cancellation fee applies.`
            : t`This rate cannot be refunded: cancelling frees the room, but what you paid is not returned.`}
        </p>
        {failure ? (
          <p className="form-field__error" role="alert">
            {failure === 'conflict' ? t`This reservation can no longer be cancelled online. Please contact the hotel.` : t`The reservation could not be cancelled. Please try again.`}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
