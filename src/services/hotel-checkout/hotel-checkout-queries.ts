import { useMutation } from '@tanstack/react-query';
import type { HotelFolioKind } from '../../contract/hotel-checkout';
import type { AuthAccess } from '../bff/request';
import { downloadHotelInvoice } from './hotel-checkout-api';

export { merchantQuery } from '../booking/queries';
export { hotelQuery } from '../content/queries';

/**
 * One folio's invoice as a PDF: fetched with the stay's key (it cannot be a plain link, the key travels in a
 * header), then handed to `onFile` (the view saves it).
 */
export function useInvoiceDownload(access: AuthAccess | null, checkoutId: string, onFile: (folio: HotelFolioKind, file: Blob) => void) {
  return useMutation({
    mutationFn: async (folio: HotelFolioKind) => ({ folio, file: await downloadHotelInvoice(access, checkoutId, folio) }),
    onSuccess: ({ folio, file }) => onFile(folio, file),
  });
}
