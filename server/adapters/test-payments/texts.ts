import { isLocale, type Locale, textDirection } from '../../../src/contract/locales';

/**
 * The provider's own page texts. They belong to the payment provider, not to the site (a real provider
 * translates its hosted pages itself), so they live here and not in the site's message catalogs. English,
 * German and Arabic; every other locale falls back to English.
 */

export interface ProviderTexts {
  testNotice: string;
  cardFormTitle: string;
  holderName: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cvcHint: string;
  submitCard: string;
  cvvFormTitle: string;
  submitCvc: string;
  errorNumber: string;
  errorExpiry: string;
  errorCvc: string;
  errorNetwork: string;
  cardReceived: string;
  cvcReceived: string;
  challengeTitle: string;
  challengeIntro: string;
  completeAuthentication: string;
  failAuthentication: string;
  redirectTitle: (method: string) => string;
  redirectIntro: string;
  approvePayment: string;
  cancel: string;
  amount: string;
  reference: string;
  verificationOnly: string;
  paymentClosed: string;
  paymentNotFound: string;
  formNotAllowed: string;
}

const en: ProviderTexts = {
  testNotice: 'Test payment provider: no real money moves.',
  cardFormTitle: 'Card details',
  holderName: 'Name on card',
  cardNumber: 'Card number',
  expiry: 'Expiry date (MM/YY)',
  cvc: 'Security code (CVC)',
  cvcHint: 'The 3 or 4 digits on your card.',
  submitCard: 'Use this card',
  cvvFormTitle: 'Security code of your saved card',
  submitCvc: 'Confirm security code',
  errorNumber: 'Enter a valid card number.',
  errorExpiry: 'Enter an expiry date that has not passed, as MM/YY.',
  errorCvc: 'Enter the 3 or 4 digit security code.',
  errorNetwork: 'The card could not be checked. Please try again.',
  cardReceived: 'Card details received.',
  cvcReceived: 'Security code received.',
  challengeTitle: '3-D Secure authentication',
  challengeIntro: 'Your bank asks you to confirm this payment.',
  completeAuthentication: 'Complete authentication',
  failAuthentication: 'Fail authentication',
  redirectTitle: (method) => `Pay with ${method}`,
  redirectIntro: 'Approve the payment to go back to the hotel site.',
  approvePayment: 'Approve payment',
  cancel: 'Cancel',
  amount: 'Amount',
  reference: 'Reference',
  verificationOnly: 'Card check: nothing is charged.',
  paymentClosed: 'This payment is no longer waiting for you.',
  paymentNotFound: 'This payment does not exist.',
  formNotAllowed: 'This form can only be shown on the site that uses this payment provider.',
};

const de: ProviderTexts = {
  testNotice: 'Test-Zahlungsanbieter: Es wird kein echtes Geld bewegt.',
  cardFormTitle: 'Kartendaten',
  holderName: 'Name auf der Karte',
  cardNumber: 'Kartennummer',
  expiry: 'Ablaufdatum (MM/JJ)',
  cvc: 'Prüfnummer (CVC)',
  cvcHint: 'Die 3 oder 4 Ziffern auf Ihrer Karte.',
  submitCard: 'Diese Karte verwenden',
  cvvFormTitle: 'Prüfnummer Ihrer gespeicherten Karte',
  submitCvc: 'Prüfnummer bestätigen',
  errorNumber: 'Geben Sie eine gültige Kartennummer ein.',
  errorExpiry: 'Geben Sie ein Ablaufdatum ein, das noch nicht vorbei ist, im Format MM/JJ.',
  errorCvc: 'Geben Sie die 3- oder 4-stellige Prüfnummer ein.',
  errorNetwork: 'Die Karte konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
  cardReceived: 'Kartendaten übernommen.',
  cvcReceived: 'Prüfnummer übernommen.',
  challengeTitle: '3-D-Secure-Authentifizierung',
  challengeIntro: 'Ihre Bank bittet Sie, diese Zahlung zu bestätigen.',
  completeAuthentication: 'Authentifizierung abschließen',
  failAuthentication: 'Authentifizierung fehlschlagen lassen',
  redirectTitle: (method) => `Mit ${method} bezahlen`,
  redirectIntro: 'Bestätigen Sie die Zahlung, um zur Hotelseite zurückzukehren.',
  approvePayment: 'Zahlung bestätigen',
  cancel: 'Abbrechen',
  amount: 'Betrag',
  reference: 'Referenz',
  verificationOnly: 'Kartenprüfung: Es wird nichts belastet.',
  paymentClosed: 'Diese Zahlung wartet nicht mehr auf Sie.',
  paymentNotFound: 'Diese Zahlung gibt es nicht.',
  formNotAllowed: 'Dieses Formular kann nur auf der Website angezeigt werden, die diesen Zahlungsanbieter nutzt.',
};

const ar: ProviderTexts = {
  testNotice: 'مزوّد دفع تجريبي: لا تُنقل أي أموال حقيقية.',
  cardFormTitle: 'بيانات البطاقة',
  holderName: 'الاسم على البطاقة',
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء (MM/YY)',
  cvc: 'رمز الأمان (CVC)',
  cvcHint: 'الأرقام الثلاثة أو الأربعة على بطاقتك.',
  submitCard: 'استخدم هذه البطاقة',
  cvvFormTitle: 'رمز الأمان لبطاقتك المحفوظة',
  submitCvc: 'تأكيد رمز الأمان',
  errorNumber: 'أدخل رقم بطاقة صالحًا.',
  errorExpiry: 'أدخل تاريخ انتهاء لم يمضِ بعد، بالصيغة MM/YY.',
  errorCvc: 'أدخل رمز الأمان المكوّن من 3 أو 4 أرقام.',
  errorNetwork: 'تعذّر التحقق من البطاقة. يرجى المحاولة مرة أخرى.',
  cardReceived: 'تم استلام بيانات البطاقة.',
  cvcReceived: 'تم استلام رمز الأمان.',
  challengeTitle: 'مصادقة 3-D Secure',
  challengeIntro: 'يطلب منك مصرفك تأكيد هذه الدفعة.',
  completeAuthentication: 'إكمال المصادقة',
  failAuthentication: 'إفشال المصادقة',
  redirectTitle: (method) => `الدفع عبر ${method}`,
  redirectIntro: 'وافق على الدفع للعودة إلى موقع الفندق.',
  approvePayment: 'الموافقة على الدفع',
  cancel: 'إلغاء',
  amount: 'المبلغ',
  reference: 'المرجع',
  verificationOnly: 'التحقق من البطاقة: لن يتم خصم أي مبلغ.',
  paymentClosed: 'هذه الدفعة لم تعد بانتظارك.',
  paymentNotFound: 'هذه الدفعة غير موجودة.',
  formNotAllowed: 'لا يمكن عرض هذا النموذج إلا على الموقع الذي يستخدم مزوّد الدفع هذا.',
};

const TEXTS: Partial<Record<Locale, ProviderTexts>> = { en, de, ar };

export interface PageLanguage {
  /** The language the texts are in (the requested locale, or en when there are no texts for it). */
  lang: Locale;
  dir: 'ltr' | 'rtl';
  texts: ProviderTexts;
  /** The requested locale, for number formatting. */
  locale: Locale;
}

export function pageLanguage(requested: string | undefined | null): PageLanguage {
  const locale: Locale = isLocale(requested) ? requested : 'en';
  const texts = TEXTS[locale];
  const lang: Locale = texts ? locale : 'en';
  return { lang, dir: textDirection(lang), texts: texts ?? en, locale };
}
