import { useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import type { Locale } from '../../../contract/locales';
import { roomStaysOf } from '../../../machines/cart/cart.rules';
import { selectCart } from '../../../machines/cart/cart.selectors';
import { formatBerlinDateTime } from '../../ui/format/dates';
import { CartActorContext } from './checkout-context';

/**
 * The legal texts before paying (spec anchor #payment-legal-provisions): each room's cancellation and
 * guarantee terms, the booking terms, and the privacy notice in a dialog (#open-privacy-modal).
 */
export function LegalSection({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const cart = CartActorContext.useSelector(selectCart);
  const rooms = roomStaysOf(cart);
  return (
    <section id="payment-legal-provisions" className="checkout-section legal" aria-labelledby="checkout-legal">
      <h2 id="checkout-legal">{t`Terms of your booking`}</h2>
      <ul>
        {rooms.map(({ roomStay }, index) => {
          const info = roomStay.reservation_info;
          const until = info.free_cancellation_until ? formatBerlinDateTime(info.free_cancellation_until, locale) : null;
          const name = rooms.length > 1 ? t`Room ${index + 1}` : t`Your room`;
          return (
            <li key={roomStay.room_stay_id}>
              <strong>{name}:</strong> {until ? t`Free cancellation until ${until} (Berlin time).` : t`This rate cannot be cancelled free of charge.`}{' '}
              {cart?.payment_method === 'points'
                ? t`Paid with points: nothing is charged to or held on a card; add-ons and city tax are paid at the hotel.`
                : info.guarantee_type === 'deposit'
                  ? t`Prepaid: the room is charged when you book.`
                  : info.guarantee_type === 'guarantee'
                    ? t`Your card guarantees the booking; you pay at the hotel.`
                    : t`Your card holds the booking; nothing is charged now.`}
            </li>
          );
        })}
      </ul>
      <p>{t`By booking you accept the booking terms of the hotel and the rate conditions above. City tax, where it applies, is paid at the hotel.`}</p>
      <PrivacyNotice />
    </section>
  );
}

/** The privacy notice in a native modal dialog: focus stays inside while open and returns to the button. */
function PrivacyNotice() {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = () => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  };
  const close = () => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
    document.getElementById('open-privacy-modal')?.focus();
  };
  return (
    <>
      <p>
        {t`How we use your details:`}{' '}
        <button type="button" id="open-privacy-modal" className="link-button" aria-haspopup="dialog" onClick={open}>
          {t`Privacy notice`}
        </button>
      </p>
      <dialog ref={dialogRef} className="dialog privacy-dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{t`Privacy notice`}</h2>
        <p>{t`We use your details to make and manage this booking, to send you its confirmation and to meet our legal duties. The hotel receives the details it needs for your stay. Card details go straight to our payment provider; we never see or keep your card number or security code.`}</p>
        <p>{t`You can ask us at any time which details we keep about you, and have them corrected or deleted.`}</p>
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <button type="submit" className="button button--primary">
            {t`Close`}
          </button>
        </form>
      </dialog>
    </>
  );
}
