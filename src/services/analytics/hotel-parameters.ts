import type { HotelCustomParameters } from '../../contract/analytics';
import { ANALYTICS_LIMITS } from '../../contract/analytics';

/** What a hotel page knows of its hotel (spec section 3, hotel tracking data). */
export interface HotelTrackingData {
  hotelName: string;
  hotelCode: string;
  /** brand.data.attributes.code in the spec's words; missing for hotels without a brand. */
  brandCode?: string | null | undefined;
}

export const NO_BRAND = 'no_brand';

/**
 * The custom parameters 1-3 of a hotel page (spec section 3): the name lowercased with spaces turned into
 * underscores, the code, and the brand code or no_brand.
 */
export function hotelCustomParameters(hotel: HotelTrackingData): HotelCustomParameters {
  const limit = (text: string) => text.slice(0, ANALYTICS_LIMITS.text);
  const brand = hotel.brandCode?.trim();
  return {
    param1: limit(hotel.hotelName.trim().toLowerCase().replace(/\s+/g, '_')),
    param2: limit(hotel.hotelCode),
    param3: limit(brand ? brand : NO_BRAND),
  };
}
