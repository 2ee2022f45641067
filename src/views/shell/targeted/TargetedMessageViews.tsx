import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { TargetedMessage } from '../../../contract/content';
import type { MessageOnScreen } from '../../../machines/targeted/targeted.selectors';
import { countdownParts } from '../../ui/format/countdown';
import { SiteLink } from '../SiteLink';

interface MessageViewProps {
  /** Where its call to action leads, if anywhere. */
  cta: MessageOnScreen['cta'];
  message: TargetedMessage;
  onClose: () => void;
}

/**
 * A popup: a native modal <dialog> (the page behind is inert, focus stays inside, Escape closes it).
 * Closing plays out over the popup close delay while the machine is `closing`; the dialog is then
 * removed and focus goes back to where the visitor was.
 */
export function TargetedPopup({ closing, ...props }: MessageViewProps & { closing: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headerId = useId();

  // DOM work: opens the dialog as a modal, and gives focus back to where the visitor was when it goes.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Browsers without showModal (and test DOMs) get an open, non-modal dialog.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (before?.isConnected) before.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={closing ? 'targeted-popup targeted-popup--closing' : 'targeted-popup'}
      aria-labelledby={headerId}
      aria-modal="true"
      data-targeted-message={props.message.id}
      onCancel={(event) => {
        // Escape: the machine closes it (and records it as seen).
        event.preventDefault();
        props.onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it too.
        if (event.target === dialogRef.current) props.onClose();
      }}
    >
      <MessageContent {...props} headerId={headerId} />
    </dialog>
  );
}

/** A notification: a labelled region at the end of the screen that leaves the page usable. */
export function TargetedNotification(props: MessageViewProps) {
  const headerId = useId();
  return (
    <section className="targeted-notification" aria-labelledby={headerId} data-targeted-message={props.message.id}>
      <MessageContent {...props} headerId={headerId} />
    </section>
  );
}

function MessageContent({ cta, message, onClose, headerId }: MessageViewProps & { headerId: string }) {
  const { t } = useLingui();
  const { header, body, imageUrl, ctaLabel, isCountdown, countdownDate } = message.attributes;
  return (
    <div className="targeted-message">
      <button type="button" className="targeted-message__close" aria-label={t`Close`} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {imageUrl ? <img className="targeted-message__image" src={imageUrl} alt="" /> : null}
      <h2 id={headerId} className="targeted-message__header">
        {header}
      </h2>
      {/* Editor HTML, sanitised by DOMPurify when the messages were loaded (targeted.live.ts). */}
      <div className="targeted-message__body" dangerouslySetInnerHTML={{ __html: body }} />
      {isCountdown && countdownDate ? <Countdown until={countdownDate} /> : null}
      {cta && ctaLabel ? (
        cta.internal ? (
          // Following the call to action closes the message, as the close button does.
          <SiteLink className="targeted-message__cta" href={cta.href} onClick={onClose}>
            {ctaLabel}
          </SiteLink>
        ) : (
          <a className="targeted-message__cta" href={cta.href} onClick={onClose} rel="noopener">
            {ctaLabel}
          </a>
        )
      ) : null}
    </div>
  );
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A tick every second, for the countdown's clock. */
function subscribeToSeconds(onTick: () => void): () => void {
  const timer = window.setInterval(onTick, 1000);
  return () => window.clearInterval(timer);
}

/** The current time to the second: it changes once a second, so React re-renders only then. */
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * The time left until a countdown message's date, updated every second. Display only: the machine
 * takes the message away when the date passes. A timer role, so screen readers do not read every tick.
 */
function Countdown({ until }: { until: string }) {
  const { t } = useLingui();
  const end = Date.parse(until);
  const now = useSyncExternalStore(subscribeToSeconds, currentSecond, currentSecond);
  const { days, hours, minutes, seconds } = countdownParts(end - now);
  return (
    <p className="targeted-countdown" role="timer">
      <span className="targeted-countdown__label">{t`Ends in`}</span>{' '}
      {days > 0 ? <span className="targeted-countdown__days">{plural(days, { one: '# day', other: '# days' })}</span> : null}{' '}
      <bdi className="targeted-countdown__clock">
        {twoDigits(hours)}:{twoDigits(minutes)}:{twoDigits(seconds)}
      </bdi>
    </p>
  );
}
