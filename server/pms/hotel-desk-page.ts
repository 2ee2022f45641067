import { devPageStyle } from '../dev/dev-page-style';
import { type Html, html } from '../ecommerce/mail-html';
import { CHARGE_KINDS, type ChargeKind, FOLIO_KINDS, type FolioKind, type PmsStay } from '../ports/property-management';

/**
 * The demo's hotel front desk (decision record 0053): the stays arriving, with a button that hands over
 * the key (the PMS's check-in), and the stays in house with their rooms, balances, a form that posts a
 * charge as the restaurant or the minibar would, and the card in the room: a QR code and the link of the
 * online checkout. A page of the demo for whoever tries the site, in English like the mailbox. No scripts;
 * every value escaped; forms post to the desk itself.
 */

/** The demo's hotel desk page, under the BFF prefix. */
export const HOTEL_DESK_PATH = '/dev/hotel-desk';

/** Its inline styles and the QR codes (data: images); forms post to the desk only. */
export const hotelDeskPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const CHARGE_LABELS: Record<ChargeKind, string> = {
  room: 'Room night',
  city_tax: 'City tax',
  breakfast: 'Breakfast',
  minibar: 'Minibar',
  restaurant: 'Restaurant',
  parking: 'Parking',
};

export const FOLIO_LABELS: Record<FolioKind, string> = { private: 'Private folio', business: 'Business folio' };

/** What the desk shows after a form was sent (`?done=`). */
export const DESK_NOTICES = {
  'checked-in': 'The key was handed over: the guest is in house.',
  'charge-posted': 'The charge was posted.',
  refused: 'The hotel system refused that: the stay is not open (checked out or cancelled).',
  'not-found': 'No such stay.',
} as const;
export type DeskNotice = keyof typeof DESK_NOTICES;

export interface InHouseCard {
  stay: PmsStay;
  balances: Record<FolioKind, number>;
  /** The online checkout of the room's card, and its QR code as a data: URL. */
  checkoutUrl: string;
  qrDataUrl: string;
}

const money = (amountMinor: number, currency: string) => {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
};

const guestName = (stay: PmsStay) => `${stay.guest.firstName} ${stay.guest.lastName}`.trim();

function arrivingItem(stay: PmsStay, checkInPath: string): Html {
  const heading = `stay-${stay.id}`;
  return html`<li>
    <article id="${heading}" aria-labelledby="${heading}-title">
      <h3 id="${heading}-title">${guestName(stay)}, ${stay.reservationNumber}</h3>
      <p class="meta">
        ${stay.hotelCode} · ${stay.roomTypeName} · <time datetime="${stay.arrivalDate}">${stay.arrivalDate}</time> to
        <time datetime="${stay.departureDate}">${stay.departureDate}</time> · ${stay.adults} ${stay.adults === 1 ? 'adult' : 'adults'}
      </p>
      <form method="post" action="${checkInPath}">
        <input type="hidden" name="stay_id" value="${stay.id}" />
        <button type="submit">Hand over the key<span class="visually-hidden">: ${guestName(stay)}, ${stay.reservationNumber}</span></button>
      </form>
    </article>
  </li>`;
}

function inHouseItem(card: InHouseCard, chargePath: string): Html {
  const { stay, balances } = card;
  const heading = `stay-${stay.id}`;
  const field = (name: string) => `${heading}-${name}`;
  return html`<li>
    <article id="${heading}" aria-labelledby="${heading}-title">
      <h3 id="${heading}-title">${guestName(stay)}, ${stay.reservationNumber}</h3>
      <p class="meta">
        ${stay.hotelCode} · Room <strong>${stay.roomNumber ?? '–'}</strong> · ${stay.roomTypeName} · until
        <time datetime="${stay.departureDate}">${stay.departureDate}</time>
      </p>
      <dl class="balances">
        ${FOLIO_KINDS.map((folio) => html`<div><dt>${FOLIO_LABELS[folio]}</dt><dd>${money(balances[folio], stay.currency)}</dd></div>`)}
      </dl>
      <form method="post" action="${chargePath}" aria-label="Post a charge for ${guestName(stay)}">
        <input type="hidden" name="stay_id" value="${stay.id}" />
        <label for="${field('kind')}">Charge</label>
        <select id="${field('kind')}" name="kind">
          ${CHARGE_KINDS.filter((kind) => kind !== 'room' && kind !== 'city_tax').map((kind) => html`<option value="${kind}">${CHARGE_LABELS[kind]}</option>`)}
        </select>
        <label for="${field('amount')}">Amount (${stay.currency})</label>
        <input id="${field('amount')}" name="amount" inputmode="decimal" required pattern="[0-9]{1,6}([.,][0-9]{1,3})?" value="12.50" />
        <label for="${field('folio')}">Folio</label>
        <select id="${field('folio')}" name="folio">
          ${FOLIO_KINDS.map((folio) => html`<option value="${folio}">${FOLIO_LABELS[folio]}</option>`)}
        </select>
        <button type="submit">Post charge<span class="visually-hidden">: ${guestName(stay)}, ${stay.reservationNumber}</span></button>
      </form>
      <figure class="room-card">
        <img src="${card.qrDataUrl}" width="160" height="160" alt="QR code of the online checkout for room ${stay.roomNumber ?? ''}" />
        <figcaption>
          The card in room ${stay.roomNumber ?? ''}: scan the code, or
          <a href="${card.checkoutUrl}">Check out online<span class="visually-hidden">: ${guestName(stay)}, ${stay.reservationNumber}</span></a>
        </figcaption>
      </figure>
    </article>
  </li>`;
}

export function hotelDeskPage({
  arriving,
  inHouse,
  notice,
  paths,
}: {
  arriving: PmsStay[];
  inHouse: InHouseCard[];
  notice: DeskNotice | undefined;
  paths: { self: string; checkIn: string; charges: string; mailbox: string };
}): string {
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>Demo hotel desk</title>
      <style>${devPageStyle(860, `        h3 {
          font-size: 18px;
          margin: 0 0 4px;
        }
        form {
          display: flex;
          flex-wrap: wrap;
          gap: 8px;
          align-items: center;
          margin: 8px 0;
        }
        label {
          font-weight: 600;
        }
        .balances {
          display: flex;
          gap: 24px;
          margin: 8px 0;
        }
        .balances dt {
          font-weight: 600;
        }
        .balances dd {
          margin: 0;
        }
        .room-card {
          display: flex;
          gap: 16px;
          align-items: center;
          margin: 8px 0 0;
          padding: 12px;
          border: 1px dashed #8a8a86;
          border-radius: 8px;
        }
        /* The live region is always there; it shows only once it says something. */
        [role='status']:not(:empty) {
          background: #e6f4ea;
          padding: 12px;
          border-radius: 6px;
        }
`)}
      </style>
    </head>
    <body>
      <main>
        <h1>Demo hotel desk</h1>
        <p>
          The front desk of the demo hotels and the card in each room: hand over the key to a guest arriving, post what a guest
          had, and open the online checkout from the room's card. Mails the site sends are in the <a href="${paths.mailbox}">demo mailbox</a>.
        </p>
        <p><a href="${paths.self}">Refresh</a></p>
        ${notice ? html`<p role="status">${DESK_NOTICES[notice]}</p>` : html`<p role="status"></p>`}
        <section aria-labelledby="arriving">
          <h2 id="arriving">Arriving</h2>
          ${arriving.length === 0 ? html`<p>No guests expected in the next days.</p>` : html`<ol>${arriving.map((stay) => arrivingItem(stay, paths.checkIn))}</ol>`}
        </section>
        <section aria-labelledby="in-house">
          <h2 id="in-house">In house</h2>
          ${inHouse.length === 0 ? html`<p>No guests in house.</p>` : html`<ol>${inHouse.map((card) => inHouseItem(card, paths.charges))}</ol>`}
        </section>
      </main>
    </body>
  </html>`}`;
}
