import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';

/**
 * Sets the localised document title of the page shown. It writes `document.title` rather than
 * rendering a `<title>`, so the one in index.html is replaced instead of joined by a second one.
 */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useLingui();
  const site = t`H World Hotels`;
  const full = title ? `${title} | ${site}` : site;
  // DOM work: the document's title.
  useEffect(() => {
    document.title = full;
  }, [full]);
  return null;
}
