import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import type { ServiceMessage } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { createLiveBannerLogic } from '../../machines/banners/banners.live';
import type { BannerEdge } from '../../machines/banners/banners.live';
import { descriptionHtmlOf, messagesForPage, selectBannerExpanded, selectBannerShown } from '../../machines/banners/banners.selectors';
import { serviceMessagesQuery } from '../../services/content/queries';
import { subscribeToViewport, viewportIsMobile } from './use-mobile-screen';
import './service-banners.css';

const MODAL_SELECTOR = 'dialog[open], [aria-modal="true"]:not([hidden])';

/**
 * The service banners of the page (spec section 4): the messages whose targetUrls match the path, each
 * expanded or collapsed as the visitor left it. Nothing renders on the server or before hydration: the
 * open state lives in the browser's storage, and the first browser render must match the server's.
 */
export function ServiceBanners({ locale, pathname }: { locale: Locale; pathname: string }) {
  const { data } = useQuery(serviceMessagesQuery(locale));
  const messages = messagesForPage(data ?? [], pathname);
  if (messages.length === 0) return null;
  return (
    <div className="service-banners">
      {messages.map((message) => (
        <ServiceBanner key={message.id} message={message} />
      ))}
    </div>
  );
}

function ServiceBanner({ message }: { message: ServiceMessage }) {
  const { t } = useLingui();
  const headerId = useId();
  const bodyId = useId();
  // Built once per banner: useActorRef keeps the first machine it is given.
  const [machine] = useState(() => createLiveBannerLogic(message.id, BROWSER));
  const actor = useActorRef(machine, { input: { messageId: message.id, isOpenedByDefault: message.attributes.isOpenedByDefault } });
  const shown = useSelector(actor, selectBannerShown);
  const expanded = useSelector(actor, selectBannerExpanded);
  const html = useMemo(() => descriptionHtmlOf(message), [message]);

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

/** The document as banners hear it: modal dialogs (a change reported only when it is one) and the screen size. */
const BROWSER: BannerEdge = {
  watchModals: (listener) => {
    let open = modalIsOpen();
    listener(open);
    return subscribeToModals(() => {
      if (modalIsOpen() === open) return;
      open = !open;
      listener(open);
    });
  },
  watchViewport: (listener) => {
    listener(viewportIsMobile());
    return subscribeToViewport(() => listener(viewportIsMobile()));
  },
};

function modalIsOpen(): boolean {
  return document.querySelector(MODAL_SELECTOR) !== null;
}

function subscribeToModals(onChange: () => void): () => void {
  // Dialogs open and close by attribute (open, aria-modal, hidden) or by being added and removed.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'aria-modal', 'hidden'] });
  return () => observer.disconnect();
}
