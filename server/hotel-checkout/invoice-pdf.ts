import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { HotelChargeKind } from '../../src/contract/hotel-checkout';
import type { Locale } from '../../src/contract/locales';
import type { InvoiceData } from './invoice-data';

/**
 * The invoice of one folio as a PDF (decision record 0055), made with PDFKit. The fonts are Noto Sans
 * Arabic's (the @fontsource package): its Arabic part for Arabic text, which PDFKit's font engine
 * (fontkit) shapes (joined letter forms, ligatures) and lays out right to left, and its Latin parts for
 * everything else (the site pins Latin digits for prices and dates in Arabic, too). Each word is set in
 * its font part at the place `visualPieces` gives it, since PDFKit has no bidirectional algorithm and the
 * Arabic part has no space. Arabic invoices are laid out from the right. The same data always makes the
 * same file (the creation date is the invoice's date).
 */

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('@fontsource/noto-sans-arabic/package.json')), 'files');
const font = (subset: string, weight: 400 | 700) => join(FONT_DIR, `noto-sans-arabic-${subset}-${weight}-normal.woff`);

type Script = 'arabic' | 'latin' | 'latin-ext';

/** The font part that has the character: Arabic letters, Latin-1 (with digits and €), or the Latin extensions. */
function scriptOf(codePoint: number): Script {
  if ((codePoint >= 0x0600 && codePoint <= 0x06ff) || (codePoint >= 0x0750 && codePoint <= 0x077f) || (codePoint >= 0xfb50 && codePoint <= 0xfeff)) return 'arabic';
  if (codePoint <= 0xff || codePoint === 0x20ac || (codePoint >= 0x2000 && codePoint <= 0x206f)) return 'latin';
  return 'latin-ext';
}

/** A word in one font part, or the spaces between words (set in the Latin part: the Arabic part has no space). */
export interface Piece {
  script: Script | 'space';
  text: string;
}

/** The text cut into words of one font part and the spaces between them, in the order they are written. */
function logicalPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  for (const char of text) {
    const script = char === ' ' ? 'space' : scriptOf(char.codePointAt(0) ?? 0);
    const last = pieces.at(-1);
    if (last && last.script === script) last.text += char;
    else pieces.push({ script, text: char });
  }
  return pieces;
}

type Direction = 'ltr' | 'rtl';
/** Digits with the signs that go inside a number or a date. */
const NUMBER = /^[0-9][0-9.,:/-]*$/;
const directionOf = (piece: Piece): Direction | null => (piece.script === 'space' ? null : piece.script === 'arabic' ? 'rtl' : 'ltr');

/**
 * One line's pieces from left to right, as the bidirectional algorithm would place them for the few kinds
 * of text an invoice has (PDFKit has none): Arabic words run right to left, Latin words, digits and
 * amounts left to right; a space between two words of one direction goes with them, any other takes the
 * line's direction (right to left for an Arabic invoice). So "رقم الفاتورة" reads from the right, and
 * "EUR 12.50" or an address's house number stays whole beside Arabic words.
 */
export function visualPieces(text: string, rtl: boolean): Piece[] {
  const line: Direction = rtl ? 'rtl' : 'ltr';
  const pieces = logicalPieces(text);
  // A number written after Arabic words belongs to them (a house number after the street's name), as in
  // the bidirectional algorithm's rule W2; it is still written left to right itself.
  let lastLetters: Direction | null = null;
  const directions = pieces.map((piece) => {
    const direction = directionOf(piece);
    if (direction === null) return null;
    if (NUMBER.test(piece.text)) return lastLetters === 'rtl' ? 'rtl' : direction;
    lastLetters = direction;
    return direction;
  });
  const neighbour = (index: number, step: 1 | -1): Direction | null => {
    for (let at = index + step; at >= 0 && at < pieces.length; at += step) {
      const direction = directions[at];
      if (direction) return direction;
    }
    return null;
  };
  const groups: { direction: Direction; pieces: Piece[] }[] = [];
  pieces.forEach((piece, index) => {
    const before = neighbour(index, -1);
    const direction = directions[index] ?? (before !== null && before === neighbour(index, 1) ? before : line);
    const last = groups.at(-1);
    if (last && last.direction === direction) last.pieces.push(piece);
    else groups.push({ direction, pieces: [piece] });
  });
  const inLineOrder = rtl ? groups.reverse() : groups;
  const visual = inLineOrder.flatMap((group) => (group.direction === 'rtl' ? [...group.pieces].reverse() : group.pieces));
  // Latin words side by side, and the spaces beside them, are set as one piece (the Latin part has a space).
  const merged: Piece[] = [];
  for (const piece of visual) {
    const last = merged.at(-1);
    const latin = piece.script === 'latin' || piece.script === 'space';
    if (last && latin && (last.script === 'latin' || (last.script === 'space' && piece.script === 'latin'))) merged[merged.length - 1] = { script: 'latin', text: last.text + piece.text };
    else merged.push({ ...piece });
  }
  return merged;
}

interface Labels {
  invoice: string;
  invoiceNumber: string;
  date: string;
  reservation: string;
  room: string;
  stay: string;
  guest: string;
  vatId: string;
  charges: string;
  description: string;
  amount: string;
  vat: (rate: string) => string;
  net: string;
  payments: string;
  total: string;
  paid: string;
  balance: string;
  folio: { private: string; business: string };
  methods: Record<string, string>;
  /** The names of the charge kinds, and a room night's line with its room. */
  kinds: Record<HotelChargeKind, string>;
  roomNight: (roomNumber: string, roomType: string) => string;
}

const LABELS: Record<'en' | 'de' | 'ar', Labels> = {
  en: {
    invoice: 'Invoice',
    invoiceNumber: 'Invoice number',
    date: 'Date',
    reservation: 'Reservation',
    room: 'Room',
    stay: 'Stay',
    guest: 'Guest',
    vatId: 'VAT ID',
    charges: 'Charges',
    description: 'Description',
    amount: 'Amount',
    vat: (rate) => `Included VAT ${rate}`,
    net: 'net',
    payments: 'Payments',
    total: 'Total',
    paid: 'Paid',
    balance: 'Balance',
    folio: { private: 'Private folio', business: 'Business folio' },
    methods: { card: 'Card', paypal: 'PayPal', ideal: 'iDEAL', apple_pay: 'Apple Pay', prepaid: 'Paid with the booking', points: 'Points' },
    kinds: { room: 'Room', city_tax: 'City tax', breakfast: 'Breakfast', minibar: 'Minibar', restaurant: 'Restaurant', parking: 'Parking' },
    roomNight: (number, type) => `Room ${number}, ${type}`,
  },
  de: {
    invoice: 'Rechnung',
    invoiceNumber: 'Rechnungsnummer',
    date: 'Datum',
    reservation: 'Reservierung',
    room: 'Zimmer',
    stay: 'Aufenthalt',
    guest: 'Gast',
    vatId: 'USt-IdNr.',
    charges: 'Leistungen',
    description: 'Beschreibung',
    amount: 'Betrag',
    vat: (rate) => `Enthaltene MwSt. ${rate}`,
    net: 'netto',
    payments: 'Zahlungen',
    total: 'Gesamt',
    paid: 'Bezahlt',
    balance: 'Saldo',
    folio: { private: 'Privatrechnung', business: 'Firmenrechnung' },
    methods: { card: 'Karte', paypal: 'PayPal', ideal: 'iDEAL', apple_pay: 'Apple Pay', prepaid: 'Mit der Buchung bezahlt', points: 'Punkte' },
    kinds: { room: 'Zimmer', city_tax: 'City-Tax', breakfast: 'Frühstück', minibar: 'Minibar', restaurant: 'Restaurant', parking: 'Parken' },
    roomNight: (number, type) => `Zimmer ${number}, ${type}`,
  },
  ar: {
    invoice: 'فاتورة',
    invoiceNumber: 'رقم الفاتورة',
    date: 'التاريخ',
    reservation: 'الحجز',
    room: 'الغرفة',
    stay: 'الإقامة',
    guest: 'الضيف',
    vatId: 'الرقم الضريبي',
    charges: 'الخدمات',
    description: 'الوصف',
    amount: 'المبلغ',
    vat: () => 'ضريبة القيمة المضافة المشمولة',
    net: 'الصافي',
    payments: 'المدفوعات',
    total: 'الإجمالي',
    paid: 'المدفوع',
    balance: 'الرصيد',
    folio: { private: 'الفاتورة الخاصة', business: 'فاتورة الشركة' },
    methods: { card: 'بطاقة', paypal: 'PayPal', ideal: 'iDEAL', apple_pay: 'Apple Pay', prepaid: 'مدفوع مع الحجز', points: 'نقاط' },
    kinds: { room: 'الغرفة', city_tax: 'ضريبة المدينة', breakfast: 'الإفطار', minibar: 'الميني بار', restaurant: 'المطعم', parking: 'موقف السيارات' },
    roomNight: (number, type) => `الغرفة ${number}، ${type}`,
  },
};

export const invoiceLabels = (locale: Locale): Labels => (locale === 'de' || locale === 'ar' ? LABELS[locale] : LABELS.en);

/**
 * A charge's line on the invoice, in the invoice's language: its kind, and for a room night the room. The
 * hotel system's own text for it is in that system's language, which is not the guest's in most of them.
 */
export function invoiceChargeText(kind: HotelChargeKind, stay: { roomNumber: string | null; roomTypeName: string }, labels: Labels): string {
  return kind === 'room' && stay.roomNumber ? labels.roomNight(stay.roomNumber, stay.roomTypeName) : labels.kinds[kind];
}

/** An amount with its currency in Latin digits (e.g. `EUR 1,234.50`), the same in every language of the invoice. */
export function formatAmount(minor: number, currency: string): string {
  const amount = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  return `${currency} ${amount}`;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

/** Makes the invoice's PDF. */
export async function invoicePdf(data: InvoiceData): Promise<Buffer> {
  const labels = invoiceLabels(data.locale);
  const rtl = data.locale === 'ar';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${labels.invoice} ${data.invoiceNumber}`, Author: data.hotel.name, CreationDate: new Date(`${data.issuedOn}T12:00:00Z`) },
    lang: data.locale,
  });
  for (const subset of ['arabic', 'latin', 'latin-ext'] as const) {
    doc.registerFont(`${subset}-400`, font(subset, 400));
    doc.registerFont(`${subset}-700`, font(subset, 700));
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const contentWidth = PAGE.width - 2 * PAGE.margin;
  /** Writes one line of text in a box from `x` (logical start: the right edge in Arabic) `width` wide. */
  const line = (text: string, y: number, options: { x?: number; width?: number; size?: number; bold?: boolean; align?: 'start' | 'end' } = {}) => {
    const width = options.width ?? contentWidth;
    const logicalX = options.x ?? 0;
    const x = rtl ? PAGE.margin + contentWidth - logicalX - width : PAGE.margin + logicalX;
    const align = (options.align ?? 'start') === 'start' ? (rtl ? 'right' : 'left') : rtl ? 'left' : 'right';
    doc.fontSize(options.size ?? 10);
    const weight = options.bold ? 700 : 400;
    // Each piece is set where it belongs, measured in its own font part, from the left of the line.
    const placed = visualPieces(text, rtl).map((piece) => {
      doc.font(`${piece.script === 'space' ? 'latin' : piece.script}-${weight}`);
      return { piece, width: doc.widthOfString(piece.text) };
    });
    const total = placed.reduce((sum, { width: pieceWidth }) => sum + pieceWidth, 0);
    let left = align === 'right' ? x + width - total : x;
    for (const { piece, width: pieceWidth } of placed) {
      if (piece.script !== 'space') {
        doc.font(`${piece.script}-${weight}`);
        doc.text(piece.text, left, y, { lineBreak: false });
      }
      left += pieceWidth;
    }
  };

  let y = PAGE.margin;
  line(data.hotel.name, y, { size: 16, bold: true });
  y += 22;
  for (const address of data.hotel.addressLines) {
    line(address, y);
    y += 14;
  }
  y += 16;
  for (const [index, recipientLine] of data.recipient.lines.entries()) {
    line(recipientLine, y, { bold: index === 0 });
    y += 14;
  }
  if (data.recipient.vatId) {
    line(`${labels.vatId}:`, y, { width: 120 });
    line(data.recipient.vatId, y, { x: 125, width: 200 });
    y += 14;
  }
  y += 20;
  line(`${labels.invoice} · ${labels.folio[data.folio]}`, y, { size: 14, bold: true });
  y += 24;
  const facts: [string, string][] = [
    [labels.invoiceNumber, data.invoiceNumber],
    [labels.date, data.issuedOn],
    [labels.reservation, data.reservationNumber],
    [labels.guest, data.guestName],
    [labels.stay, `${data.arrivalDate} – ${data.departureDate}`],
    ...(data.roomNumber ? [[labels.room, data.roomNumber] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    line(label, y, { width: 120 });
    line(value, y, { x: 125, width: 300 });
    y += 14;
  }
  y += 16;

  const columns = { date: { x: 0, width: 80 }, description: { x: 85, width: 280 }, amount: { x: 370, width: contentWidth - 370 } };
  line(labels.date, y, { ...columns.date, bold: true });
  line(labels.description, y, { ...columns.description, bold: true });
  line(labels.amount, y, { ...columns.amount, bold: true, align: 'end' });
  y += 16;
  const room = () => {
    if (y > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = PAGE.margin;
    }
  };
  for (const charge of data.charges) {
    room();
    line(charge.date, y, columns.date);
    line(charge.description, y, columns.description);
    line(formatAmount(charge.amountMinor, data.currency), y, { ...columns.amount, align: 'end' });
    y += 14;
  }
  y += 8;
  room();
  line(labels.total, y, { ...columns.description, bold: true });
  line(formatAmount(data.totalMinor, data.currency), y, { ...columns.amount, align: 'end', bold: true });
  y += 16;
  for (const vat of data.vat) {
    room();
    const rate = `${(vat.rateBps / 100).toLocaleString('en-GB')} %`;
    line(labels.vat(rate), y, columns.description);
    if (rtl) line(rate, y, { x: 300, width: 60, align: 'end' });
    line(formatAmount(vat.vatMinor, data.currency), y, { ...columns.amount, align: 'end' });
    y += 14;
    line(labels.net, y, columns.description);
    line(formatAmount(vat.netMinor, data.currency), y, { ...columns.amount, align: 'end' });
    y += 14;
  }
  y += 12;
  room();
  line(labels.payments, y, { bold: true });
  y += 16;
  for (const payment of data.payments) {
    room();
    line(payment.date, y, columns.date);
    line(labels.methods[payment.method] ?? payment.method, y, columns.description);
    line(formatAmount(-payment.amountMinor, data.currency), y, { ...columns.amount, align: 'end' });
    y += 14;
  }
  y += 8;
  room();
  line(labels.paid, y, columns.description);
  line(formatAmount(data.paidMinor, data.currency), y, { ...columns.amount, align: 'end' });
  y += 14;
  line(labels.balance, y, { ...columns.description, bold: true });
  line(formatAmount(data.balanceMinor, data.currency), y, { ...columns.amount, align: 'end', bold: true });
  doc.end();
  return done;
}
