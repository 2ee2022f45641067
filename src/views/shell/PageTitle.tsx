import { useLingui } from '@lingui/react/macro';

/** The document title of a page, localised; React places it in the document head. */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useLingui();
  const site = t`H World Hotels`;
  return <title>{title ? `${title} | ${site}` : site}</title>;
}
