import type { HotelFolioKind } from '../../src/contract/hotel-checkout';
import type { Locale } from '../../src/contract/locales';

/**
 * What an invoice says, fixed when it is issued at check-out (decision record 0055): kept with the invoice,
 * so its PDF reads the same every time it is made, whatever the hotel's system says later.
 */
export interface InvoiceData {
  invoiceNumber: string;
  issuedOn: string;
  locale: Locale;
  folio: HotelFolioKind;
  currency: string;
  hotel: { name: string; addressLines: string[] };
  /** The guest (private) or the company (business) the invoice is made out to: name and address lines. */
  recipient: { lines: string[]; vatId: string | null };
  guestName: string;
  reservationNumber: string;
  roomNumber: string | null;
  arrivalDate: string;
  departureDate: string;
  charges: { date: string; description: string; amountMinor: number }[];
  payments: { date: string; method: string; amountMinor: number }[];
  /** VAT included in the charges, per rate (basis points); empty when the hotel's country has no VAT data. */
  vat: { rateBps: number; netMinor: number; vatMinor: number }[];
  totalMinor: number;
  paidMinor: number;
  balanceMinor: number;
}

