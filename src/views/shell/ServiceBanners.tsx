import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import type { ServiceMessage } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { serviceBannerMachine } from '../../machines/banners/banners.machine';
import { selectBannerExpanded, selectBannerShown } from '../../machines/banners/banners.selectors';
import { sanitizeHtml } from '../../services/content/sanitize-html';
import { readBannerOpenState, serviceMessagesQuery, showsOnPage, writeBannerOpenState } from '../../services/content/service-messages';
import { useMobileScreen } from './use-mobile-screen';
import './service-banners.css';

const MODAL_SELECTOR = 'dialog[open], [aria-modal="true"]:not([hidden])';

/**
 * The service banners of the page (spec section 4): the messages whose targetUrls match the path, each
 * expanded or collapsed as the visitor left it. Nothing renders on the server or before hydration: the
 * open state lives in the browser's storage, and the first browser render must match the server's.
 */
export function ServiceBanners({ locale, pathname }: { locale: Locale; pathname: string }) {
  const { data } = useQuery(serviceMessagesQuery(locale));
  const overlay = useModalOnMobile();
  const messages = (data ?? []).filter((message) => showsOnPage(message, pathname));
  if (messages.length === 0) return null;
  return (
    <div className="service-banners">
      {messages.map((message) => (
        <ServiceBanner key={message.id} message={message} modalOpen={overlay.modalOpen} mobile={overlay.mobile} />
      ))}
    </div>
  );
}

function ServiceBanner({ message, modalOpen, mobile }: { message: ServiceMessage; modalOpen: boolean; mobile: boolean }) {
  const { t } = useLingui();
  const headerId = useId();
  const bodyId = useId();
  // Built once per banner: useActorRef keeps the first machine it is given.
  const [machine] = useState(() =>
    serviceBannerMachine.provide({ actions: { persistOpenState: (_, params) => writeBannerOpenState(message.id, params.open) } }),
  );
  const actor = useActorRef(machine, { input: { messageId: message.id, isOpenedByDefault: message.attributes.isOpenedByDefault } });
  const shown = useSelector(actor, selectBannerShown);
  const expanded = useSelector(actor, selectBannerExpanded);
  const html = useMemo(() => sanitizeHtml(message.attributes.description), [message.attributes.description]);

  // Effects run only in the browser, after hydration: the kept open state is read here.
  useEffect(() => {
    actor.send({ type: 'storage.read', open: readBannerOpenState(message.id) });
  }, [actor, message.id]);
  useEffect(() => {
    actor.send({ type: 'modal.changed', open: modalOpen });
  }, [actor, modalOpen]);
  useEffect(() => {
    actor.send({ type: 'viewport.changed', mobile });
  }, [actor, mobile]);

  if (!shown) return null;
  const style = { '--service-banner-background': message.attributes.backgroundColor } as CSSProperties;
  return (
    <section className="service-banner" style={style} aria-labelledby={headerId} data-service-message={message.id}>
      <div className="service-banner__bar">
        <h2 id={headerId} className="service-banner__header">
          {message.attributes.header}
        </h2>
        <button
          type="button"
          className="service-banner__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => actor.send({ type: 'banner.toggle' })}
        >
          {expanded ? t`Close` : t`Open`}
        </button>
      </div>
      {/* Editor HTML, sanitised by DOMPurify (architecture security checklist). */}
      <div id={bodyId} className="service-banner__body" hidden={!expanded} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

interface Overlay {
  modalOpen: boolean;
  mobile: boolean;
}

const NO_OVERLAY: Overlay = { modalOpen: false, mobile: false };

/** Whether a modal dialog is open and whether the screen is a mobile one, kept current. */
function useModalOnMobile(): Overlay {
  const modalOpen = useSyncExternalStore(subscribeToModals, modalIsOpen, () => NO_OVERLAY.modalOpen);
  const mobile = useMobileScreen();
  return { modalOpen, mobile };
}

function modalIsOpen(): boolean {
  return document.querySelector(MODAL_SELECTOR) !== null;
}

function subscribeToModals(onChange: () => void): () => void {
  // Dialogs open and close by attribute (open, aria-modal, hidden) or by being added and removed.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'hidden'] });
  return () => observer.disconnect();
}
