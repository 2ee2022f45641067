import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceData } from './invoice-data';
import { invoicePdf, visualPieces } from './invoice-pdf';

/*
 * Arabic in the invoice: PDFKit has no bidirectional algorithm and Noto Sans Arabic's Arabic part has no
 * space, so each word is placed by visualPieces. Read back with PDF.js: words in the right order, spaces
 * between them, and no two pieces of a line on top of each other.
 */

const texts = (text: string, rtl: boolean) => visualPieces(text, rtl).map((piece) => piece.text);

describe('visualPieces', () => {
  it('sets Arabic words from the right with a space between them', () => {
    expect(texts('رقم الفاتورة', true)).toEqual(['الفاتورة', ' ', 'رقم']);
    expect(texts('رقم الفاتورة', false)).toEqual(['الفاتورة', ' ', 'رقم']);
  });

  it('keeps Latin words, amounts and dates whole and in their order, in either direction', () => {
    expect(texts('EUR 1,234.50', true)).toEqual(['EUR 1,234.50']);
    expect(texts('2026-11-28 – 2026-11-30', true)).toEqual(['2026-11-28 – 2026-11-30']);
  });

  it('places a Latin name beside Arabic words as the line’s direction says', () => {
    expect(texts('Omar عمر حداد', false)).toEqual(['Omar ', 'حداد', ' ', 'عمر']);
    expect(texts('Omar عمر حداد', true)).toEqual(['حداد', ' ', 'عمر', ' Omar']);
  });

  it('keeps a house number after the street’s Arabic name with it, and a postcode before the city where it was written', () => {
    expect(texts('شارع الملك فهد 12', true)).toEqual(['12 ', 'فهد', ' ', 'الملك', ' ', 'شارع']);
    expect(texts('11564 الرياض', true)).toEqual(['الرياض', ' 11564']);
    expect(texts('11564 الرياض', false)).toEqual(['11564 ', 'الرياض']);
  });
});

const INVOICE: InvoiceData = {
  invoiceNumber: 'SBTG-2026-000012',
  issuedOn: '2026-11-28',
  locale: 'ar',
  folio: 'private',
  currency: 'EUR',
  hotel: { name: 'Sunstone Berlin Tiergarten', addressLines: ['Tiergartenstraße 12', '10785 Berlin'] },
  recipient: { lines: ['عمر حداد', 'شارع الملك فهد 12', '11564 الرياض'], vatId: null },
  guestName: 'Omar Haddad',
  reservationNumber: 'SBTG-OMAR0TODAY',
  roomNumber: '105',
  arrivalDate: '2026-11-28',
  departureDate: '2026-11-29',
  charges: [{ date: '2026-11-28', description: 'Room 105, Standard Room', amountMinor: 13_900 }],
  payments: [{ date: '2026-11-29', method: 'card', amountMinor: 13_900 }],
  vat: [{ rateBps: 700, netMinor: 12_991, vatMinor: 909 }],
  totalMinor: 13_900,
  paidMinor: 13_900,
  balanceMinor: 0,
};

interface Placed {
  text: string;
  x: number;
  y: number;
  width: number;
}

/** The text pieces of the PDF's first page with where they stand (letters back in their base forms). */
async function placedText(pdf: Buffer): Promise<Placed[]> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true });
  const page = await (await task.promise).getPage(1);
  const content = await page.getTextContent();
  const placed = content.items.flatMap((item) => {
    const text = 'str' in item ? item.str.normalize('NFKC') : '';
    // Only what shows: letters, digits and signs (not the reader's empty and invisible items).
    return 'str' in item && /[\p{L}\p{N}\p{S}\p{P}]/u.test(text) ? [{ text, x: item.transform[4] as number, y: Math.round(item.transform[5] as number), width: item.width }] : [];
  });
  await task.destroy();
  return placed;
}

describe('the Arabic invoice', () => {
  it('is written from the right: a label’s first word right of its second, the street right of its house number', async () => {
    // Where each piece is set, as PDFKit is asked to (a PDF reader's extraction of shaped Arabic is not exact enough).
    const written: { text: string; x: number; y: number }[] = [];
    const text = PDFDocument.prototype.text;
    const spy = vi.spyOn(PDFDocument.prototype, 'text').mockImplementation(function (this: PDFKit.PDFDocument, ...args: Parameters<typeof text>) {
      const [piece, x, y] = args as unknown as [string, number, number];
      written.push({ text: piece, x, y });
      return text.apply(this, args);
    });
    try {
      await invoicePdf(INVOICE);
    } finally {
      spy.mockRestore();
    }
    const at = (piece: string) => {
      const found = written.find((entry) => entry.text.trim() === piece);
      if (!found) throw new Error(`"${piece}" was not written: ${written.map((entry) => entry.text).join(' | ')}`);
      return found;
    };
    const number = at('رقم');
    const invoice = written.find((entry) => entry.text === 'الفاتورة' && entry.y === number.y);
    expect(invoice, 'the label "رقم الفاتورة" on one line').toBeDefined();
    expect(number.x).toBeGreaterThan(invoice?.x ?? Number.POSITIVE_INFINITY);
    expect(at('شارع').x).toBeGreaterThan(at('فهد').x);
    expect(at('فهد').x).toBeGreaterThan(at('12').x);
    // Set in their own places, never as one string the font would lay out without spaces.
    expect(written.some((entry) => entry.text.includes('رقم الفاتورة'))).toBe(false);
  });

  it('puts no two pieces of a line on top of each other', async () => {
    const placed = await placedText(await invoicePdf(INVOICE));
    const lines = new Map<number, Placed[]>();
    for (const piece of placed) lines.set(piece.y, [...(lines.get(piece.y) ?? []), piece]);
    for (const pieces of lines.values()) {
      const sorted = [...pieces].sort((a, b) => a.x - b.x);
      for (let index = 1; index < sorted.length; index++) {
        const before = sorted[index - 1] as Placed;
        const after = sorted[index] as Placed;
        // A reader measures shaped Arabic a little differently; the fault this catches overlapped by whole words.
        expect(after.x, `"${before.text}" and "${after.text}" overlap`).toBeGreaterThanOrEqual(before.x + before.width - 2);
      }
    }
  });
});
