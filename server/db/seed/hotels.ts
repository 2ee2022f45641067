import type { ThemeId } from '../../../src/contract/themes';

/**
 * The group's hotels. Names and addresses are made up (streets are real, house numbers are not);
 * the codes follow the reservation system's style of 3 to 8 capital letters or digits and include
 * the codes the specification names (ASN, AH8, SHDB, SHDX).
 */
export interface HotelSeed {
  code: string;
  brand: ThemeId;
  city: string;
  name: string;
  street: string;
  postalCode: string;
  /** Days from the seeding date; negative for a recent opening, positive for one still to come. */
  openingInDays?: number;
  externalBookingUrl?: string;
  minLeadDays?: number;
  minLengthOfStay?: number;
  /** Local times (HH:mm) when they differ from the group's standard (GROUP_HOURS). */
  checkInFrom?: string;
  checkOutUntil?: string;
}

/** The group's standard times: rooms are ready from 15:00 and are left by 12:00, local time. */
export const GROUP_HOURS = { checkInFrom: '15:00', checkOutUntil: '12:00' } as const;

/**
 * The international dialling prefix of each city (country code and area code, as written from abroad);
 * a hotel's number is this prefix and a made-up local number drawn from the hotel's code.
 */
export const PHONE_PREFIXES: Readonly<Record<string, string>> = {
  berlin: '+49 30',
  frankfurt: '+49 69',
  munich: '+49 89',
  hamburg: '+49 40',
  dusseldorf: '+49 211',
  cologne: '+49 221',
  amsterdam: '+31 20',
  rotterdam: '+31 10',
  'the-hague': '+31 70',
  brussels: '+32 2',
  vienna: '+43 1',
  salzburg: '+43 662',
  zurich: '+41 44',
  geneva: '+41 22',
  copenhagen: '+45',
  aarhus: '+45',
  stockholm: '+46 8',
  london: '+44 20',
  madrid: '+34 91',
  barcelona: '+34 93',
  dubai: '+971 4',
  'abu-dhabi': '+971 2',
  cairo: '+20 2',
  hurghada: '+20 65',
};

/** Days until the one hotel that has not opened yet opens, counted from the seeding date. */
export const FUTURE_OPENING_IN_DAYS = 90;

export const HOTELS: readonly HotelSeed[] = [
  // Germany
  { code: 'SBTG', brand: 'steigenberger', city: 'berlin', name: 'Steigenberger Hotel Berlin Tiergarten', street: 'Lichtensteinallee', postalCode: '10787' },
  { code: 'IBHB', brand: 'intercity', city: 'berlin', name: 'IntercityHotel Berlin Hauptbahnhof', street: 'Invalidenstraße', postalCode: '10557' },
  { code: 'MXBM', brand: 'maxx', city: 'berlin', name: 'MAXX Hotel Berlin Mitte', street: 'Torstraße', postalCode: '10119' },
  { code: 'ZLBF', brand: 'zleep', city: 'berlin', name: 'Zleep Hotel Berlin Friedrichshain', street: 'Warschauer Straße', postalCode: '10243' },
  { code: 'HBBK', brand: 'houseofbeat', city: 'berlin', name: 'House of Beat Berlin Kreuzberg', street: 'Skalitzer Straße', postalCode: '10997', openingInDays: -120 },
  { code: 'SIFM', brand: 'icons', city: 'frankfurt', name: 'Steigenberger Icons Frankfurt Mainufer', street: 'Schaumainkai', postalCode: '60594' },
  { code: 'IFME', brand: 'intercity', city: 'frankfurt', name: 'IntercityHotel Frankfurt Messe', street: 'Europa-Allee', postalCode: '60327' },
  { code: 'JFSX', brand: 'jaz', city: 'frankfurt', name: 'Jaz in the City Frankfurt Sachsenhausen', street: 'Schweizer Straße', postalCode: '60594' },
  { code: 'SFWE', brand: 'steigenberger', city: 'frankfurt', name: 'Steigenberger Hotel Frankfurt Westend', street: 'Bockenheimer Landstraße', postalCode: '60323' },
  { code: 'SMSB', brand: 'steigenberger', city: 'munich', name: 'Steigenberger Hotel München Schwabing', street: 'Leopoldstraße', postalCode: '80802' },
  { code: 'IMOS', brand: 'intercity', city: 'munich', name: 'IntercityHotel München Ostbahnhof', street: 'Friedenstraße', postalCode: '81671' },
  { code: 'MXMW', brand: 'maxx', city: 'munich', name: 'MAXX Hotel München Westend', street: 'Landsberger Straße', postalCode: '80339' },
  { code: 'ZLMA', brand: 'zleep', city: 'munich', name: 'Zleep Hotel München Au', street: 'Lilienstraße', postalCode: '81669' },
  { code: 'PDHH', brand: 'porsche', city: 'hamburg', name: 'Porsche Design Hotel Hamburg HafenCity', street: 'Am Sandtorkai', postalCode: '20457', minLengthOfStay: 2, checkInFrom: '16:00', checkOutUntil: '12:00' },
  { code: 'AH8', brand: 'intercity', city: 'hamburg', name: 'IntercityHotel Hamburg Altona', street: 'Max-Brauer-Allee', postalCode: '22765' },
  { code: 'JHSP', brand: 'jaz', city: 'hamburg', name: 'Jaz in the City Hamburg St. Pauli', street: 'Simon-von-Utrecht-Straße', postalCode: '20359' },
  { code: 'SHDX', brand: 'steigenberger', city: 'dusseldorf', name: 'Steigenberger Hotel Düsseldorf Medienhafen', street: 'Speditionstraße', postalCode: '40221' },
  { code: 'IDUA', brand: 'intercity', city: 'dusseldorf', name: 'IntercityHotel Düsseldorf Airport', street: 'Peter-Müller-Straße', postalCode: '40468' },
  { code: 'SKDO', brand: 'steigenberger', city: 'cologne', name: 'Steigenberger Hotel Köln Dom', street: 'Trankgasse', postalCode: '50667' },
  { code: 'ZLKE', brand: 'zleep', city: 'cologne', name: 'Zleep Hotel Köln Ehrenfeld', street: 'Venloer Straße', postalCode: '50825' },
  { code: 'HBKB', brand: 'houseofbeat', city: 'cologne', name: 'House of Beat Köln Belgisches Viertel', street: 'Brüsseler Straße', postalCode: '50672', openingInDays: -45 },
  // Netherlands
  { code: 'JAMO', brand: 'jaz', city: 'amsterdam', name: 'Jaz in the City Amsterdam Oost', street: 'Wibautstraat', postalCode: '1091 GM' },
  { code: 'ASN', brand: 'steigenberger', city: 'amsterdam', name: 'Steigenberger Hotel Amsterdam Noord', street: 'Buiksloterweg', postalCode: '1031 CC' },
  { code: 'IAMS', brand: 'intercity', city: 'amsterdam', name: 'IntercityHotel Amsterdam Sloterdijk', street: 'Orlyplein', postalCode: '1043 DS' },
  { code: 'ZLAZ', brand: 'zleep', city: 'amsterdam', name: 'Zleep Hotel Amsterdam Zuidas', street: 'Strawinskylaan', postalCode: '1077 XW' },
  { code: 'MXRK', brand: 'maxx', city: 'rotterdam', name: 'MAXX Hotel Rotterdam Kop van Zuid', street: 'Wilhelminakade', postalCode: '3072 AP' },
  { code: 'IRCS', brand: 'intercity', city: 'rotterdam', name: 'IntercityHotel Rotterdam Centraal', street: 'Weena', postalCode: '3013 AL' },
  { code: 'SHGS', brand: 'steigenberger', city: 'the-hague', name: 'Steigenberger Hotel Den Haag Scheveningen', street: 'Gevers Deynootweg', postalCode: '2586 BJ' },
  { code: 'PHHV', brand: 'partners', city: 'the-hague', name: 'Hotel Hofvijver Den Haag', street: 'Lange Voorhout', postalCode: '2514 EA', externalBookingUrl: 'https://booking.hotel-hofvijver.example/reserve' },
  // Belgium
  { code: 'IBRM', brand: 'intercity', city: 'brussels', name: 'IntercityHotel Brussels Midi', street: 'Avenue Fonsny', postalCode: '1060' },
  { code: 'JBRS', brand: 'jaz', city: 'brussels', name: 'Jaz in the City Brussels Sablon', street: 'Rue de la Régence', postalCode: '1000' },
  // Austria
  { code: 'SWRS', brand: 'steigenberger', city: 'vienna', name: 'Steigenberger Hotel Wien Schubertring', street: 'Schubertring', postalCode: '1010' },
  { code: 'IWHB', brand: 'intercity', city: 'vienna', name: 'IntercityHotel Wien Hauptbahnhof', street: 'Gudrunstraße', postalCode: '1100' },
  { code: 'MXWP', brand: 'maxx', city: 'vienna', name: 'MAXX Hotel Wien Prater', street: 'Lassallestraße', postalCode: '1020' },
  { code: 'JWNB', brand: 'jaz', city: 'vienna', name: 'Jaz in the City Wien Neubau', street: 'Neubaugasse', postalCode: '1070' },
  { code: 'SSAL', brand: 'steigenberger', city: 'salzburg', name: 'Steigenberger Hotel Salzburg Altstadt', street: 'Rudolfskai', postalCode: '5020' },
  { code: 'ISZB', brand: 'intercity', city: 'salzburg', name: 'IntercityHotel Salzburg Bahnhof', street: 'Südtiroler Platz', postalCode: '5020' },
  { code: 'PHAR', brand: 'partners', city: 'salzburg', name: 'Hotel Alpenrose Salzburg', street: 'Linzer Gasse', postalCode: '5020' },
  // Switzerland
  { code: 'SIZS', brand: 'icons', city: 'zurich', name: 'Steigenberger Icons Zürich Seefeld', street: 'Seefeldstrasse', postalCode: '8008', minLengthOfStay: 2, checkInFrom: '16:00', checkOutUntil: '11:00' },
  { code: 'IZRA', brand: 'intercity', city: 'zurich', name: 'IntercityHotel Zürich Airport', street: 'Schaffhauserstrasse', postalCode: '8152' },
  { code: 'JZWE', brand: 'jaz', city: 'zurich', name: 'Jaz in the City Zürich West', street: 'Hardstrasse', postalCode: '8005' },
  { code: 'SGLS', brand: 'steigenberger', city: 'geneva', name: 'Steigenberger Hotel Geneva Lakeside', street: 'Quai du Mont-Blanc', postalCode: '1201' },
  { code: 'MXGN', brand: 'maxx', city: 'geneva', name: 'MAXX Hotel Geneva Nations', street: 'Rue de Lausanne', postalCode: '1202' },
  // Denmark
  { code: 'ZLCA', brand: 'zleep', city: 'copenhagen', name: 'Zleep Hotel Copenhagen Arena', street: 'Arne Jacobsens Allé', postalCode: '2300', checkInFrom: '14:00', checkOutUntil: '11:00' },
  { code: 'ZLCC', brand: 'zleep', city: 'copenhagen', name: 'Zleep Hotel Copenhagen City', street: 'Vesterbrogade', postalCode: '1620', checkInFrom: '14:00', checkOutUntil: '11:00' },
  { code: 'JCNH', brand: 'jaz', city: 'copenhagen', name: 'Jaz in the City Copenhagen Nyhavn', street: 'Nyhavn', postalCode: '1051' },
  { code: 'SCKN', brand: 'steigenberger', city: 'copenhagen', name: 'Steigenberger Hotel Copenhagen Kongens Nytorv', street: 'Bredgade', postalCode: '1260' },
  { code: 'ZLAF', brand: 'zleep', city: 'aarhus', name: 'Zleep Hotel Aarhus Frederiksbjerg', street: 'Jægergårdsgade', postalCode: '8000' },
  { code: 'HBAA', brand: 'houseofbeat', city: 'aarhus', name: 'House of Beat Aarhus Havn', street: 'Bernhardt Jensens Boulevard', postalCode: '8000' },
  // Sweden
  { code: 'ZLSS', brand: 'zleep', city: 'stockholm', name: 'Zleep Hotel Stockholm Södermalm', street: 'Götgatan', postalCode: '118 46' },
  { code: 'SSTN', brand: 'steigenberger', city: 'stockholm', name: 'Steigenberger Hotel Stockholm Norrmalm', street: 'Vasagatan', postalCode: '111 20' },
  // United Kingdom
  { code: 'SLSB', brand: 'steigenberger', city: 'london', name: 'Steigenberger Hotel London Southbank', street: 'Belvedere Road', postalCode: 'SE1 7GP' },
  { code: 'JLSD', brand: 'jaz', city: 'london', name: 'Jaz in the City London Shoreditch', street: 'Great Eastern Street', postalCode: 'EC2A 3EY', openingInDays: FUTURE_OPENING_IN_DAYS },
  { code: 'ILKX', brand: 'intercity', city: 'london', name: "IntercityHotel London King's Cross", street: 'Pentonville Road', postalCode: 'N1 9JY' },
  // Spain
  { code: 'IMAT', brand: 'intercity', city: 'madrid', name: 'IntercityHotel Madrid Atocha', street: 'Paseo de la Infanta Isabel', postalCode: '28014' },
  { code: 'SMCA', brand: 'steigenberger', city: 'madrid', name: 'Steigenberger Hotel Madrid Castellana', street: 'Paseo de la Castellana', postalCode: '28046' },
  { code: 'JBGR', brand: 'jaz', city: 'barcelona', name: 'Jaz in the City Barcelona Gràcia', street: 'Carrer Gran de Gràcia', postalCode: '08012' },
  { code: 'MXBP', brand: 'maxx', city: 'barcelona', name: 'MAXX Hotel Barcelona Poblenou', street: 'Rambla del Poblenou', postalCode: '08005' },
  { code: 'HBBB', brand: 'houseofbeat', city: 'barcelona', name: 'House of Beat Barcelona Born', street: 'Passeig del Born', postalCode: '08003', openingInDays: -200 },
  // United Arab Emirates (no postal codes: the P.O. box area code "00000" is customary)
  { code: 'SHDB', brand: 'steigenberger', city: 'dubai', name: 'Steigenberger Hotel Dubai Business Bay', street: 'Marasi Drive', postalCode: '00000' },
  { code: 'JDMA', brand: 'jaz', city: 'dubai', name: 'Jaz in the City Dubai Marina', street: 'Al Marsa Street', postalCode: '00000' },
  { code: 'MXDD', brand: 'maxx', city: 'dubai', name: 'MAXX Hotel Dubai Downtown', street: 'Sheikh Mohammed bin Rashid Boulevard', postalCode: '00000' },
  { code: 'SIDJ', brand: 'icons', city: 'dubai', name: 'Steigenberger Icons Dubai Jumeirah', street: 'Jumeirah Beach Road', postalCode: '00000', minLengthOfStay: 2, checkInFrom: '16:00', checkOutUntil: '11:00' },
  { code: 'SAUC', brand: 'steigenberger', city: 'abu-dhabi', name: 'Steigenberger Hotel Abu Dhabi Corniche', street: 'Corniche Road', postalCode: '00000' },
  { code: 'IAUH', brand: 'intercity', city: 'abu-dhabi', name: 'IntercityHotel Abu Dhabi Airport Road', street: 'Airport Road', postalCode: '00000' },
  // Egypt
  { code: 'SCZM', brand: 'steigenberger', city: 'cairo', name: 'Steigenberger Hotel Cairo Zamalek', street: '26th of July Street', postalCode: '11211' },
  { code: 'JCHE', brand: 'jaz', city: 'cairo', name: 'Jaz in the City Cairo Heliopolis', street: 'El Merghany Street', postalCode: '11341' },
  { code: 'SHRS', brand: 'steigenberger', city: 'hurghada', name: 'Steigenberger Resort Hurghada Sahl Hasheesh', street: 'Sahl Hasheesh Road', postalCode: '84511', minLeadDays: 1, minLengthOfStay: 3, checkInFrom: '14:00', checkOutUntil: '11:00' },
  { code: 'JHSK', brand: 'jaz', city: 'hurghada', name: 'Jaz in the City Hurghada Sakkala', street: 'Sheraton Road', postalCode: '84511', minLengthOfStay: 2 },
];
