import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { CSSProperties } from 'react';
import type { ServiceMessage } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import type { BannerRef } from '../../machines/app/app.types';
import { descriptionLinesOf, messagesForPage, selectBannerExpanded, selectBannerHiddenByModal, selectBannerPending } from '../../machines/banners/banners.selectors';
import { serviceMessagesQuery, useSanitizer } from '../../services/content/queries';
import { useAppSelector } from './session-context';
import './service-banners.css';

/**
 * The service banners of the page (spec section 4): the messages whose targetUrls match the path, each
 * expanded or collapsed as the visitor left it. Each is the app's `banner.<id>` actor, which the app starts
 * in the browser once the page is taken over. Until then (on the server, and in the browser's first
 * render, which must match it) each shows as it opens by default: the banners are in the page's first
 * paint, and nothing under them moves when the app takes over (decision 0036).
 */
export function ServiceBanners({ locale, pathname }: { locale: Locale; pathname: string }) {
  const { data } = useQuery(serviceMessagesQuery(locale));
  const banners = useAppSelector((snapshot) => snapshot.context.banners);
  const messages = messagesForPage(data ?? [], pathname);
  if (messages.length === 0) return null;
  return (
    <div className="service-banners">
      {messages.map((message) => {
        const actor = banners[message.id];
        return actor ? <ServiceBanner key={message.id} message={message} actor={actor} /> : <BannerView key={message.id} message={message} expanded={message.attributes.isOpenedByDefault} asText />;
      })}
    </div>
  );
}

function ServiceBanner({ message, actor }: { message: ServiceMessage; actor: BannerRef }) {
  const hiddenByModal = useSelector(actor, selectBannerHiddenByModal);
  const expanded = useSelector(actor, selectBannerExpanded);
  const pending = useSelector(actor, selectBannerPending);
  // Before its kept state is read, the banner stays as the page showed it.
  if (pending) return <BannerView message={message} expanded={message.attributes.isOpenedByDefault} asText />;
  return <BannerView message={message} expanded={expanded} onToggle={() => actor.send({ type: 'banner.toggle' })} concealed={hiddenByModal} />;
}

/**
 * A banner as it shows: its header, its toggle, and its text when expanded. Before the app runs (`asText`:
 * the server's page and the browser's first render) the text is plain, a paragraph per line, and the
 * toggle waits for the app; then the editor's formatting, sanitised.
 */
function BannerView({
  message,
  expanded,
  onToggle,
  asText: beforeApp = false,
  concealed = false,
}: {
  message: ServiceMessage;
  expanded: boolean;
  onToggle?: () => void;
  asText?: boolean;
  /** Hidden by a modal: in its place, unseen, unread and out of the tab order. */
  concealed?: boolean;
}) {
  const { t } = useLingui();
  const headerId = useId();
  const bodyId = useId();
  // The sanitiser loads on first use: until then the text shows as it did before the app ran.
  const sanitize = useSanitizer();
  const asText = beforeApp || !sanitize;
  const html = useMemo(() => (sanitize && !beforeApp ? sanitize(message.attributes.description) : ''), [message, sanitize, beforeApp]);

  const style = { '--service-banner-background': message.attributes.backgroundColor } as CSSProperties;
  return (
    <section
      className={concealed ? 'service-banner service-banner--concealed' : 'service-banner'}
      style={style}
      aria-labelledby={headerId}
      aria-hidden={concealed || undefined}
      inert={concealed}
      data-service-message={message.id}
    >
      <div className="service-banner__bar">
        <h2 id={headerId} className="service-banner__header">
          {message.attributes.header}
        </h2>
        <button type="button" className="service-banner__toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
          {expanded ? t`Close` : t`Open`}
        </button>
      </div>
      {/* Editor HTML, sanitised by DOMPurify (architecture security checklist). */}
      {asText ? (
        <div id={bodyId} className="service-banner__body" hidden={!expanded}>
          {descriptionLinesOf(message).map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      ) : (
        <div id={bodyId} className="service-banner__body" hidden={!expanded} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}
