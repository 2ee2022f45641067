import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import type { CSSProperties } from 'react';
import type { ServiceMessage } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import type { BannerRef } from '../../machines/app/app.types';
import { descriptionHtmlOf, messagesForPage, selectBannerExpanded, selectBannerShown } from '../../machines/banners/banners.selectors';
import { serviceMessagesQuery } from '../../services/content/queries';
import { useAppSelector } from './session-context';
import './service-banners.css';

/**
 * The service banners of the page (spec section 4): the messages whose targetUrls match the path, each
 * expanded or collapsed as the visitor left it. Each is the app's `banner.<id>` actor, which the app starts
 * in the browser once the page is taken over: nothing renders on the server or before hydration (the
 * open state lives in the browser's storage, and the first browser render must match the server's).
 */
export function ServiceBanners({ locale, pathname }: { locale: Locale; pathname: string }) {
  const { data } = useQuery(serviceMessagesQuery(locale));
  const banners = useAppSelector((snapshot) => snapshot.context.banners);
  const messages = messagesForPage(data ?? [], pathname).filter((message) => banners[message.id]);
  if (messages.length === 0) return null;
  return (
    <div className="service-banners">
      {messages.map((message) => (
        <ServiceBanner key={message.id} message={message} actor={banners[message.id] as BannerRef} />
      ))}
    </div>
  );
}

function ServiceBanner({ message, actor }: { message: ServiceMessage; actor: BannerRef }) {
  const { t } = useLingui();
  const headerId = useId();
  const bodyId = useId();
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
        <button type="button" className="service-banner__toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => actor.send({ type: 'banner.toggle' })}>
          {expanded ? t`Close` : t`Open`}
        </button>
      </div>
      {/* Editor HTML, sanitised by DOMPurify (architecture security checklist). */}
      <div id={bodyId} className="service-banner__body" hidden={!expanded} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
