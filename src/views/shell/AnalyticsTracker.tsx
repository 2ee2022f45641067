import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../contract/locales';
import { startAnalytics, TRACK_ACTION_ATTRIBUTE, TRACK_AREA_ATTRIBUTE, trackMemberAreaClick, trackPageView } from '../../services/analytics/analytics';
import { hotelCodeOfPath } from '../../services/analytics/page-types';
import { hotelQuery } from '../../services/content/queries';

/**
 * Page views on every route change (with the hotel custom parameters on hotel pages) and clicks on
 * elements marked with a member-area name (memberAreaTrackingAttributes). Renders nothing; whether
 * anything leaves the browser is the tracking queue's decision (analytics consent).
 */
export function AnalyticsTracker({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => startAnalytics(), []);

  useEffect(() => {
    // One view per path and language, even when effects run twice (development's strict mode).
    const key = `${locale} ${pathname}`;
    if (lastTracked.current === key) return;
    lastTracked.current = key;
    const hotelCode = hotelCodeOfPath(pathname);
    if (!hotelCode) {
      trackPageView({ pathname, locale });
      return;
    }
    // The hotel page's loader has fetched the hotel already: this reads the cache.
    queryClient.ensureQueryData(hotelQuery(locale, hotelCode)).then(
      (hotel) => trackPageView({ pathname, locale, hotel: { hotelName: hotel.hotelName, hotelCode: hotel.hotelCode, brandCode: hotel.brand.code } }),
      () => trackPageView({ pathname, locale }),
    );
  }, [locale, pathname, queryClient]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(`[${TRACK_AREA_ATTRIBUTE}]`) : null;
      if (!target) return;
      const area = target.getAttribute(TRACK_AREA_ATTRIBUTE) ?? '';
      const action = target.getAttribute(TRACK_ACTION_ATTRIBUTE) ?? undefined;
      trackMemberAreaClick(window.location.pathname, area, action);
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);

  return null;
}
