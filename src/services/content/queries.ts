import { useSyncExternalStore } from 'react';
import { queryOptions } from '@tanstack/react-query';
import {
  BrandDetailResponseSchema,
  BrandListResponseSchema,
  CONTENT_PATHS,
  DestinationsResponseSchema,
  HotelResponseSchema,
  ServiceMessagesResponseSchema,
} from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { fillPath, getJson } from '../bff/client';

/** Content changes rarely; five minutes is the spec's cache default. */
export const CONTENT_STALE_MS = 5 * 60 * 1000;

export const brandsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'brands', locale],
    queryFn: async ({ signal }) => (await getJson(CONTENT_PATHS.brands, BrandListResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

export const brandQuery = (locale: Locale, brandCode: string) =>
  queryOptions({
    queryKey: ['content', 'brand', brandCode, locale],
    queryFn: async ({ signal }) =>
      (await getJson(fillPath(CONTENT_PATHS.brand, { brandCode }), BrandDetailResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

export const hotelQuery = (locale: Locale, hotelCode: string) =>
  queryOptions({
    queryKey: ['content', 'hotel', hotelCode, locale],
    queryFn: async ({ signal }) =>
      (await getJson(fillPath(CONTENT_PATHS.hotel, { hotelCode }), HotelResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

export const destinationsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'destinations', locale],
    queryFn: async ({ signal }) => (await getJson(CONTENT_PATHS.destinations, DestinationsResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

/** The service banners of the site (spec section 4): text, colours, pages and closing. */
export const serviceMessagesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'service-messages', locale],
    queryFn: async ({ signal }) =>
      (await getJson(CONTENT_PATHS.serviceMessages, ServiceMessagesResponseSchema, { locale }, { signal })).data,
    staleTime: CONTENT_STALE_MS,
  });

type Sanitize = (html: string) => string;

/*
 * DOMPurify (in ./sanitize-html) is loaded only when a view first needs to show editors' HTML, and never
 * on the server (which has no DOM for it): it is not part of any page's first load. Until it is there,
 * views show the text without its markup.
 */
let sanitize: Sanitize | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('./sanitize-html').then((module) => {
    sanitize = module.sanitizeHtml;
    for (const listener of listeners) listener();
  });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  load();
  return () => listeners.delete(onChange);
}

/** The sanitiser once it has loaded (asking for it loads it); null before that and on the server. */
export function useSanitizer(): Sanitize | null {
  return useSyncExternalStore(
    subscribe,
    () => sanitize,
    () => null,
  );
}
