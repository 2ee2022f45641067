import { addDays, type IsoDate } from '../../lib/calendar';
import type { AddonPricingMode } from '../schema';
import { BRANDS, type BrandSeed } from './brands';
import {
  AMENITIES,
  BEACH_CITIES,
  CORPORATE_RATE,
  LOCAL_ADDONS,
  RATE_PAIRS,
  ROOM_KINDS,
  type RateSeed,
} from './catalogue';
import { CITIES, type CitySeed, type Translations } from './geography';
import { GROUP_HOURS, HOTELS, type HotelSeed, PHONE_PREFIXES } from './hotels';
import { createRandom, hashString, type Random } from '../../lib/random';
import { describeHotel, describeImage, MAX_IMAGES_PER_HOTEL } from './texts';

/**
 * Turns the hand-written seed lists into table rows, filling in what varies between hotels (position,
 * amenities, images, rooms, rates) with a seeded random generator. Each hotel draws from its own
 * generator, seeded by its code, so adding or editing one hotel leaves every other hotel unchanged.
 * Rows refer to each other by code; the insert step maps codes to database ids.
 */

/** Change this and every generated value changes; keep it fixed so data stays comparable. */
export const SEED = 20_240_611;

export interface HotelRow {
  hotelCode: string;
  name: string;
  brandCode: string;
  cityCode: string;
  street: string;
  postalCode: string;
  phone: string;
  checkInFrom: string;
  checkOutUntil: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  description: Translations;
  openingDate: IsoDate | null;
  useExternalBooking: boolean;
  externalBookingUrl: string | null;
  minLeadDays: number;
  minLengthOfStay: number;
}

export interface RoomTypeRow {
  hotelCode: string;
  typeCode: string;
  saleName: Translations;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
  roomCount: number;
  baseRateMinor: number;
  inventorySeed: number;
}

export interface RatePlanRow {
  hotelCode: string;
  rateCode: string;
  name: Translations;
  isMemberRate: boolean;
  pairedNonMemberRateCode: string | null;
  breakfastIncluded: boolean;
  guaranteePolicyCode: string;
  cancellationPolicyCode: string;
  priceFactorBps: number;
  pointsPerNight: number;
}

export interface HotelImageRow {
  hotelCode: string;
  position: number;
  alt: Translations;
  colourSeed: number;
}

export interface AddonRow {
  hotelCode: string | null;
  code: string;
  name: Translations;
  pricingMode: AddonPricingMode;
  priceMinor: number;
}

export interface SeedRows {
  hotels: HotelRow[];
  hotelAmenities: { hotelCode: string; amenityCode: string }[];
  hotelImages: HotelImageRow[];
  roomTypes: RoomTypeRow[];
  ratePlans: RatePlanRow[];
  localAddons: AddonRow[];
}

/** Amenities every hotel of the group has. */
const STANDARD_AMENITIES = ['wifi', 'reception-24h', 'accessible'];
const BUSINESS_BRANDS: readonly string[] = ['steigenberger', 'maxx', 'intercity'];

export function buildSeedRows(today: IsoDate): SeedRows {
  const rows: SeedRows = { hotels: [], hotelAmenities: [], hotelImages: [], roomTypes: [], ratePlans: [], localAddons: [] };
  for (const seed of HOTELS) {
    const brand = findBrand(seed.brand);
    const city = findCity(seed.city);
    const random = createRandom(SEED ^ hashString(seed.code));
    const amenityCodes = chooseAmenities(seed, random);
    rows.hotels.push(buildHotel(seed, brand, city, amenityCodes, today, random));
    rows.hotelAmenities.push(...amenityCodes.map((amenityCode) => ({ hotelCode: seed.code, amenityCode })));
    rows.hotelImages.push(...buildImages(seed, city, random));
    rows.roomTypes.push(...buildRoomTypes(seed, brand, city, random));
    rows.ratePlans.push(...buildRatePlans(seed, brand, random));
    rows.localAddons.push(
      ...LOCAL_ADDONS.filter((addon) => addon.cities.includes(seed.city)).map(({ cities: _cities, ...addon }) => ({
        ...addon,
        hotelCode: seed.code,
      })),
    );
  }
  return rows;
}

function findBrand(code: string): BrandSeed {
  const brand = BRANDS.find((candidate) => candidate.code === code);
  if (!brand) throw new Error(`Seed hotel refers to unknown brand ${code}`);
  return brand;
}

function findCity(code: string): CitySeed {
  const city = CITIES.find((candidate) => candidate.code === code);
  if (!city) throw new Error(`Seed hotel refers to unknown city ${code}`);
  return city;
}

function chooseAmenities(seed: HotelSeed, random: Random): string[] {
  const optional = AMENITIES.map((amenity) => amenity.code).filter(
    (code) => !STANDARD_AMENITIES.includes(code) && code !== 'beach',
  );
  const chosen = new Set([...STANDARD_AMENITIES, ...random.sample(optional, random.int(4, 7))]);
  if (BEACH_CITIES.includes(seed.city) && random.chance(0.6)) chosen.add('beach');
  // Catalogue order, so a hotel's feature list reads the same way on every hotel page.
  return AMENITIES.map((amenity) => amenity.code).filter((code) => chosen.has(code));
}

function buildHotel(
  seed: HotelSeed,
  brand: BrandSeed,
  city: CitySeed,
  amenityCodes: readonly string[],
  today: IsoDate,
  random: Random,
): HotelRow {
  const { latitude, longitude } = nearCentre(city, random);
  const highlightCodes = random.sample(
    amenityCodes.filter((code) => !STANDARD_AMENITIES.includes(code)),
    3,
  );
  const highlights = AMENITIES.filter((amenity) => highlightCodes.includes(amenity.code)).map((amenity) => amenity.name);
  return {
    hotelCode: seed.code,
    name: seed.name,
    brandCode: brand.code,
    cityCode: city.code,
    street: streetAddress(seed, city, random.int(1, 160)),
    postalCode: seed.postalCode,
    phone: phoneNumber(seed, city),
    checkInFrom: seed.checkInFrom ?? GROUP_HOURS.checkInFrom,
    checkOutUntil: seed.checkOutUntil ?? GROUP_HOURS.checkOutUntil,
    latitude,
    longitude,
    timeZone: city.timeZone,
    description: describeHotel({ hotelName: seed.name, cityName: city.name, tagline: brand.tagline, amenityNames: highlights }, random),
    openingDate: seed.openingInDays === undefined ? null : addDays(today, seed.openingInDays),
    useExternalBooking: seed.externalBookingUrl !== undefined,
    externalBookingUrl: seed.externalBookingUrl ?? null,
    minLeadDays: seed.minLeadDays ?? 0,
    minLengthOfStay: seed.minLengthOfStay ?? 1,
  };
}

/** A point 0.3 to 3.5 km from the city centre, rounded to about 10 cm. */
function nearCentre(city: CitySeed, random: Random): { latitude: number; longitude: number } {
  const KM_PER_DEGREE = 111.32;
  const distanceKm = 0.3 + random.next() * 3.2;
  const bearing = random.next() * 2 * Math.PI;
  const latitude = city.latitude + (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const longitude =
    city.longitude + (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((city.latitude * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { latitude: round(latitude), longitude: round(longitude) };
}

/**
 * The hotel's made-up number: its city's prefix and a local number from a generator of its own (seeded by
 * the code), so the draws for positions, rooms and rates stay as they were. Eight digits in groups of two
 * where the country has no area codes (Denmark), else seven as `123 4567`.
 */
function phoneNumber(seed: HotelSeed, city: CitySeed): string {
  const prefix = PHONE_PREFIXES[city.code];
  if (!prefix) throw new Error(`Seed city ${city.code} has no phone prefix`);
  const random = createRandom(SEED ^ hashString(`${seed.code}:phone`));
  const digits = (count: number) => Array.from({ length: count }, (_, index) => String(index === 0 ? random.int(2, 9) : random.int(0, 9))).join('');
  if (!prefix.includes(' ')) return `${prefix} ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`;
  return `${prefix} ${digits(3)} ${digits(4)}`;
}

/** House numbers where the country writes them. */
function streetAddress(seed: HotelSeed, city: CitySeed, number: number): string {
  switch (city.countryCode) {
    case 'GB':
    case 'EG':
      return `${number} ${seed.street}`;
    case 'ES':
      return `${seed.street}, ${number}`;
    case 'AE':
      return seed.street;
    default:
      return `${seed.street} ${number}`;
  }
}

function buildImages(seed: HotelSeed, city: CitySeed, random: Random): HotelImageRow[] {
  const count = random.int(3, MAX_IMAGES_PER_HOTEL);
  return Array.from({ length: count }, (_, index) => ({
    hotelCode: seed.code,
    position: index + 1,
    alt: describeImage(index + 1, seed.name, city.name),
    colourSeed: random.int(1, 2_000_000_000),
  }));
}

function buildRoomTypes(seed: HotelSeed, brand: BrandSeed, city: CitySeed, random: Random): RoomTypeRow[] {
  const [standard, ...others] = ROOM_KINDS;
  if (!standard) throw new Error('The room catalogue is empty');
  const chosen = new Set([standard.code, ...random.sample(others, random.int(2, 4)).map((kind) => kind.code)]);
  const kinds = ROOM_KINDS.filter((kind) => chosen.has(kind.code));
  const totalRooms = random.int(60, 320);
  return kinds.map((kind) => {
    // Standard rooms are most of the house; the more expensive a kind, the fewer rooms of it.
    const share = kind.code === standard.code ? 0.5 : 0.5 / (kinds.length - 1);
    const roughRate = (brand.typicalRateMinor * city.priceLevel * kind.priceIndex * (0.92 + random.next() * 0.16)) / 10_000;
    return {
      hotelCode: seed.code,
      typeCode: kind.code,
      saleName: kind.name,
      maxAdults: kind.maxAdults,
      maxChildren: kind.maxChildren,
      maxOccupancy: kind.maxOccupancy,
      roomCount: Math.max(2, Math.round((totalRooms * share * 100) / kind.priceIndex)),
      baseRateMinor: Math.round(roughRate / 100) * 100,
      inventorySeed: hashString(`${seed.code}:${kind.code}`) % 100_000,
    };
  });
}

function buildRatePlans(seed: HotelSeed, brand: BrandSeed, random: Random): RatePlanRow[] {
  const plans: RatePlanRow[] = [];
  const plan = (rate: RateSeed, member: boolean, pairedWith: string | null): RatePlanRow => ({
    hotelCode: seed.code,
    rateCode: rate.code,
    name: rate.name,
    isMemberRate: member,
    pairedNonMemberRateCode: pairedWith,
    breakfastIncluded: rate.breakfastIncluded,
    guaranteePolicyCode: rate.guaranteePolicyCode,
    cancellationPolicyCode: rate.cancellationPolicyCode,
    priceFactorBps: rate.priceFactorBps,
    pointsPerNight: member ? brand.memberPointsPerNight : 0,
  });
  for (const pair of RATE_PAIRS) {
    if (pair.offeredShare < 1 && !random.chance(pair.offeredShare)) continue;
    plans.push(plan(pair.nonMember, false, null), plan(pair.member, true, pair.nonMember.code));
  }
  if (BUSINESS_BRANDS.includes(brand.code) && random.chance(0.5)) plans.push(plan(CORPORATE_RATE, false, null));
  return plans;
}
