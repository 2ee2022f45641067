import type { Locale } from '../../../contract/locales';
import { formattingLocale } from '../../../contract/formatting-locale';

export { formattingLocale };

/** The locale booking dates are shown in: the site language's region, Gregorian calendar, Latin digits (also in Arabic). */
export const bookingDateLocale = (locale: Locale): string => formattingLocale(`${locale}-u-ca-gregory-nu-latn`);
