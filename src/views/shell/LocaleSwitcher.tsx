import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALES } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
import { LOCALE_NATIVE_NAMES } from '../ui/format/locale-names';
import { useSwitchLocale } from '../../services/navigation/queries';

/** Switches the language of the page in place, keeping its query and fragment. */
export function LocaleSwitcher({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const id = useId();
  const switchLocale = useSwitchLocale();
  const onChange = (value: string) => {
    if (!isLocale(value) || value === locale) return;
    switchLocale(value);
  };
  return (
    <div className="locale-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <svg className="locale-switcher__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20a10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4zM4.3 14a8 8 0 0 1 0-4h3.4a16 16 0 0 0 0 4zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16 16 0 0 0 0-4h3.4a8 8 0 0 1 0 4z"
        />
      </svg>
      <select id={id} value={locale} onChange={(event) => onChange(event.target.value)}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NATIVE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
