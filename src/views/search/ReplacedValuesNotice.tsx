import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/locales';
import type { ReplacedUrlValue } from '../../machines/search/search.selectors';
import { formatCalendarDate } from '../ui/format/dates';

/**
 * Values of the address the search could not use (a past date, too many guests, an unknown sort order...):
 * which, and what the page searched with instead, so nothing is changed silently. Shown by the results
 * and by the rooms-and-rates page.
 */
export function ReplacedValuesNotice({ replaced, locale }: { replaced: ReplacedUrlValue[]; locale: Locale }) {
  const { t } = useLingui();
  if (replaced.length === 0) return null;
  const fieldName = (field: string): string => {
    const room = /^room-(\d+)-/.exec(field)?.[1] ?? '';
    const child = /-child-(\d+)$/.exec(field)?.[1] ?? '';
    if (field === 'startDate') return t`arrival date`;
    if (field === 'endDate') return t`departure date`;
    if (field === 'rooms') return t`number of rooms`;
    if (field === 'sortBy') return t`sort order`;
    if (field === 'approxDateRange') return t`flexible dates`;
    if (field.endsWith('-adults')) return t`adults in room ${room}`;
    return t`age of child ${child} in room ${room}`;
  };
  const shown = (field: string, value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) && (field === 'startDate' || field === 'endDate') ? formatCalendarDate(value, locale) : value);
  return (
    <div className="notice" role="status" data-testid="replaced-values">
      <p>{t`Some values of the link could not be used, so we searched with others:`}</p>
      <ul>
        {replaced.map(({ field, given, used }) => {
          const name = fieldName(field);
          const was = given;
          const now = used === null ? '' : shown(field, used);
          return <li key={field}>{used === null ? t`${name}: “${was}” was left out.` : t`${name}: “${was}” was replaced with ${now}.`}</li>;
        })}
      </ul>
    </div>
  );
}
