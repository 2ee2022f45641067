import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { appReady, expect, openDemoMails } from '../fixtures';
import type { HotelCheckoutEvent } from './hotel-checkout.model';
import { bookFirstNightOffered, enterCard, fullName, TEST_CARDS } from './stay-booking';
import type { BookingGuest } from './stay-booking';

/**
 * How the hotel-checkout model meets the real site: for each state what the desk or the guest must see,
 * for each event what one of them does, by clicking and typing on what the page shows. The desk is the
 * demo hotel desk (linked from the demo mailbox page); a charge posted while the guest pays is posted from
 * another tab, as the restaurant would.
 */

export interface HotelCheckoutContext {
  /** The tab the guest (or, before the room card is opened, the desk) is on. */
  page: Page;
  /**
   * The stay of the journey, which no other journey checks out: the guest's name as the desk shows it,
   * and where the invoices go. A seeded stay's from the start, or the one the journey books once it has.
   */
  guest: { name: string; email: string; reservationNumber: string };
  /** The guest who books the journey's own stay from the home page (none for a journey with a seeded stay). */
  booker: BookingGuest | null;
  /** The pay button's words when the card was entered: the total the guest read. */
  payLabel: string;
  /** The first bytes of each invoice downloaded, by its button's name. */
  invoiceStarts: Map<string, string>;
}

type StateName =
  | 'home'
  | 'desk'
  | 'arrivingGuest.keyHandedOver'
  | 'arrivingGuest.minibarPosted'
  | 'arrivingGuest.bill'
  | 'arrivingGuest.minibarOnBusinessBill'
  | 'arrivingGuest.invoiceAddresses'
  | 'arrivingGuest.payment'
  | 'arrivingGuest.cardEntered'
  | 'arrivingGuest.checkedOut'
  | 'arrivingGuest.invoicesDownloaded'
  | 'arrivingGuest.invoicesMailed'
  | 'guestInHouse.bill'
  | 'guestInHouse.invoiceAddresses'
  | 'guestInHouse.payment'
  | 'guestInHouse.cardEntered'
  | 'guestInHouse.chargePostedMeanwhile'
  | 'guestInHouse.billChanged'
  | 'guestInHouse.newTotal'
  | 'guestInHouse.checkedOut'
  | 'bookedGuest.booked'
  | 'bookedGuest.desk'
  | 'bookedGuest.keyHandedOver'
  | 'bookedGuest.bill'
  | 'bookedGuest.invoiceAddresses'
  | 'bookedGuest.payment'
  | 'bookedGuest.challengeCardEntered'
  | 'bookedGuest.bankChallenge'
  | 'bookedGuest.idealChosen'
  | 'bookedGuest.idealApproval'
  | 'bookedGuest.checkedOut';

const INVOICES = ['Download the private invoice (PDF)', 'Download the business invoice (PDF)'];
const COMPANY = { name: 'Haddad Consulting GmbH', vatNumber: 'DE 123 456 789', street: 'Torstraße 1', postalCode: '10119', city: 'Berlin', countryCode: 'DE' };

/** The demo mailbox page, then the demo hotel desk from its link: where the journeys start. */
export async function openDesk(page: Page): Promise<void> {
  // A page of the BFF, not of the app: opened without waiting for the app to take over.
  await page.evaluate(() => window.location.assign('/bff/dev/mailbox'));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo mailbox' })).toBeVisible();
  await page.getByRole('link', { name: 'demo hotel desk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
}

const stayAtDesk = (page: Page, guest: HotelCheckoutContext['guest']) => page.getByRole('article', { name: `${guest.name}, ${guest.reservationNumber}` });

/** Posts a charge to the guest's private bill, as the restaurant or the minibar would. */
async function postCharge(page: Page, guest: HotelCheckoutContext['guest'], kind: string, amount: string) {
  const stay = stayAtDesk(page, guest);
  await stay.getByRole('combobox', { name: 'Charge' }).selectOption({ label: kind });
  await stay.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await stay.getByRole('combobox', { name: 'Folio' }).selectOption({ label: 'Private folio' });
  await stay.getByRole('button', { name: /^Post charge/ }).click();
  await expect(page.getByText('The charge was posted.')).toBeVisible();
}

const privateBill = (page: Page) => page.getByRole('region', { name: 'Private bill' });
const businessBill = (page: Page) => page.getByRole('region', { name: 'Business bill' });
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay .* and check out$/ });

/** The bill, opened from the room card's link: the token has left the address. */
async function expectBill({ page }: HotelCheckoutContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Your bill' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en\/checkout\/folio\?checkout_id=/);
  expect(page.url()).not.toContain('token=');
  // Every charge with its amount and its move button fits the screen, a phone's too: nothing runs off sideways.
  await expect(page.getByRole('region', { name: 'Private bill' }).getByRole('row').nth(1)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectInvoiceAddresses({ page }: HotelCheckoutContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice addresses' })).toBeVisible();
}

async function expectPayment({ page }: HotelCheckoutContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your bill' })).toBeVisible();
}

async function expectCardEntered({ page }: HotelCheckoutContext) {
  await expect(page.getByText(new RegExp(`Paying with .* ending in ${TEST_CARDS.accepted.last4}\\.`))).toBeVisible();
  await expect(payButton(page)).toBeVisible();
}

async function expectCheckedOut({ page }: HotelCheckoutContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'You’re checked out' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('We have also mailed them to you.')).toBeVisible();
}

async function expectStayAtDesk({ page, guest }: HotelCheckoutContext) {
  await expect(page.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
  await expect(stayAtDesk(page, guest)).toBeVisible();
}

async function expectKeyHandedOver({ page }: HotelCheckoutContext) {
  await expect(page.getByText('The key was handed over: the guest is in house.')).toBeVisible();
}

const paymentMethods = (page: Page) => page.getByRole('group', { name: 'Payment method' });

/** Back from the bank's page on the bill page: the bill is paid, the guest checked out, the invoice there. */
async function expectCheckedOutOnTheBillPage(context: HotelCheckoutContext) {
  const { page } = context;
  await expectCheckedOut(context);
  await expect(page).toHaveURL(/\/en\/checkout\/folio\?/);
  await expect(page.getByRole('button', { name: 'Download the private invoice (PDF)' })).toBeVisible();
}

/** What the desk or the guest sees in each state of the model. */
export const hotelCheckoutStateAssertions: Record<StateName, (context: HotelCheckoutContext) => Promise<void>> = {
  home: async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'Destination' })).toBeVisible();
  },
  desk: expectStayAtDesk,
  'arrivingGuest.keyHandedOver': expectKeyHandedOver,
  'arrivingGuest.minibarPosted': async ({ page }) => {
    await expect(page.getByText('The charge was posted.')).toBeVisible();
  },
  'arrivingGuest.bill': async (context) => {
    await expectBill(context);
    await expect(privateBill(context.page).getByRole('cell', { name: 'Minibar', exact: true })).toBeVisible();
  },
  'arrivingGuest.minibarOnBusinessBill': async ({ page }) => {
    await expect(businessBill(page).getByRole('cell', { name: 'Minibar', exact: true })).toBeVisible();
    await expect(privateBill(page).getByRole('cell', { name: 'Minibar', exact: true })).toHaveCount(0);
  },
  'arrivingGuest.invoiceAddresses': async (context) => {
    await expectInvoiceAddresses(context);
    // A business bill asks for the company's address.
    await expect(context.page.getByRole('group', { name: 'Business invoice' })).toBeVisible();
  },
  'arrivingGuest.payment': expectPayment,
  'arrivingGuest.cardEntered': expectCardEntered,
  'arrivingGuest.checkedOut': expectCheckedOut,
  'arrivingGuest.invoicesDownloaded': async ({ invoiceStarts }) => {
    // Both invoices are PDF files.
    expect(INVOICES.map((name) => invoiceStarts.get(name))).toEqual(['%PDF', '%PDF']);
  },
  'arrivingGuest.invoicesMailed': async ({ page }) => {
    const mail = page.getByRole('article', { name: /^Your invoice – / }).first();
    await expect(mail).toBeVisible();
    // Both invoices attached.
    await expect(mail.getByRole('list', { name: 'Attachments' }).getByRole('link')).toHaveCount(2);
  },
  'guestInHouse.bill': expectBill,
  'guestInHouse.invoiceAddresses': expectInvoiceAddresses,
  'guestInHouse.payment': expectPayment,
  'guestInHouse.cardEntered': expectCardEntered,
  'guestInHouse.chargePostedMeanwhile': async ({ page, payLabel }) => {
    // The page cannot know yet: it offers the total the guest read.
    await expect(payButton(page)).toHaveText(payLabel);
  },
  'guestInHouse.billChanged': async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Your bill changed' })).toBeVisible({ timeout: 15_000 });
    const changed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your bill changed' }) });
    await expect(changed.getByText(/Nothing was taken\. You now have .* to pay instead of .*\./)).toBeVisible();
    await expect(changed.getByRole('row').filter({ hasText: 'Restaurant' })).toContainText('New');
  },
  'guestInHouse.newTotal': async ({ page, payLabel }) => {
    await expect(payButton(page)).toBeVisible();
    await expect(payButton(page)).not.toHaveText(payLabel);
  },
  'guestInHouse.checkedOut': expectCheckedOut,
  'bookedGuest.booked': async ({ page, guest }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' })).toBeVisible();
    await expect(page.getByText(guest.reservationNumber, { exact: true }).first()).toBeVisible();
  },
  'bookedGuest.desk': expectStayAtDesk,
  'bookedGuest.keyHandedOver': expectKeyHandedOver,
  'bookedGuest.bill': expectBill,
  'bookedGuest.invoiceAddresses': expectInvoiceAddresses,
  'bookedGuest.payment': async (context) => {
    await expectPayment(context);
    // Every method the booking offers: Apple Pay and iDEAL besides card and PayPal.
    const methods = paymentMethods(context.page);
    await expect(methods.getByRole('radio')).toHaveCount(4);
    await expect(methods.getByRole('radio', { name: 'Apple Pay' })).toBeVisible();
  },
  'bookedGuest.challengeCardEntered': async ({ page }) => {
    await expect(page.getByText(new RegExp(`Paying with .* ending in ${TEST_CARDS.asksFor3DSecure.last4}\\.`))).toBeVisible();
    await expect(payButton(page)).toBeVisible();
  },
  'bookedGuest.bankChallenge': async ({ page }) => {
    // The provider's page, in its own words.
    await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible({ timeout: 15_000 });
  },
  'bookedGuest.idealChosen': async ({ page }) => {
    await expect(paymentMethods(page).getByRole('radio', { name: 'iDEAL' })).toBeChecked();
    await expect(page.getByText('After you confirm, you continue at iDEAL to approve the payment, then come back here.')).toBeVisible();
  },
  'bookedGuest.idealApproval': async ({ page }) => {
    // The bank's test page, in its own words.
    await expect(page.getByRole('heading', { level: 1, name: 'Pay with iDEAL' })).toBeVisible({ timeout: 15_000 });
  },
  'bookedGuest.checkedOut': expectCheckedOutOnTheBillPage,
};

/** Downloads an invoice with its button and answers the file's first bytes. */
async function downloadInvoice(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return (await readFile(await download.path())).subarray(0, 4).toString('latin1');
}

/** What the desk or the guest does for each event of the model. */
export const hotelCheckoutEventDrivers: Record<HotelCheckoutEvent['type'], (context: HotelCheckoutContext) => Promise<void>> = {
  OPEN_DESK: async ({ page }) => {
    await openDesk(page);
  },
  BOOK_A_ROOM_FOR_TODAY: async (context) => {
    const { page, booker } = context;
    if (!booker) throw new Error('This journey books a stay of its own: give it a guest who books');
    const reservationNumber = await bookFirstNightOffered(page, booker);
    context.guest = { name: fullName(booker), email: booker.email, reservationNumber };
  },
  HAND_OVER_KEY: async ({ page, guest }) => {
    await stayAtDesk(page, guest)
      .getByRole('button', { name: /^Hand over the key/ })
      .click();
  },
  POST_MINIBAR: async ({ page, guest }) => {
    await postCharge(page, guest, 'Minibar', '12.50');
  },
  OPEN_ROOM_CARD: async ({ page, guest }) => {
    // The card in the room: its link stands in for the QR code.
    await stayAtDesk(page, guest)
      .getByRole('link', { name: /^Check out online/ })
      .click();
    await appReady(page);
  },
  MOVE_MINIBAR_TO_BUSINESS_BILL: async ({ page }) => {
    await privateBill(page).getByRole('button', { name: 'Move Minibar to the business bill' }).click();
  },
  CONTINUE_TO_INVOICE_ADDRESSES: async ({ page }) => {
    await page.getByRole('button', { name: 'Continue to invoice addresses' }).click();
  },
  GIVE_COMPANY_ADDRESS: async ({ page }) => {
    const company = page.getByRole('group', { name: 'Business invoice' });
    await company.getByLabel('Company name').fill(COMPANY.name);
    await company.getByLabel('VAT number').fill(COMPANY.vatNumber);
    await company.getByLabel('Street and number').fill(COMPANY.street);
    await company.getByLabel('Postal code').fill(COMPANY.postalCode);
    await company.getByLabel('City').fill(COMPANY.city);
    await company.getByLabel('Country code').fill(COMPANY.countryCode);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  CONTINUE_WITHOUT_COMPANY: async ({ page }) => {
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  },
  ENTER_CARD: async (context) => {
    const { page, guest } = context;
    const method = page.getByRole('radio', { name: 'Credit or debit card' });
    await method.click();
    await expect(method).toBeChecked();
    // A test card that succeeds.
    await enterCard(page, guest.name, TEST_CARDS.accepted.number);
    await expect(payButton(page)).toBeVisible();
    context.payLabel = (await payButton(page).textContent()) ?? '';
  },
  ENTER_3DS_CARD: async ({ page, guest }) => {
    const method = paymentMethods(page).getByRole('radio', { name: 'Credit or debit card' });
    await method.click();
    await expect(method).toBeChecked();
    await enterCard(page, guest.name, TEST_CARDS.asksFor3DSecure.number);
  },
  CHOOSE_IDEAL: async ({ page }) => {
    await paymentMethods(page).getByRole('radio', { name: 'iDEAL' }).click();
  },
  COMPLETE_AUTHENTICATION: async ({ page }) => {
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  },
  APPROVE_AT_IDEAL: async ({ page }) => {
    await page.getByRole('button', { name: 'Approve payment' }).click();
  },
  RESTAURANT_POSTS_CHARGE: async ({ page, guest }) => {
    // Meanwhile the restaurant's bill arrives at the desk, in another tab.
    const desk = await page.context().newPage();
    await desk.goto('/bff/dev/mailbox');
    await desk.getByRole('link', { name: 'demo hotel desk' }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Demo hotel desk' })).toBeVisible();
    await postCharge(desk, guest, 'Restaurant', '34.00');
    await desk.close();
  },
  PAY: async ({ page }) => {
    await payButton(page).click();
  },
  PAY_THE_NEW_TOTAL: async ({ page }) => {
    const changed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your bill changed' }) });
    await changed.getByRole('button', { name: 'Pay the new total' }).click();
  },
  DOWNLOAD_INVOICES: async ({ page, invoiceStarts }) => {
    for (const name of INVOICES) invoiceStarts.set(name, await downloadInvoice(page, name));
  },
  READ_INVOICE_MAIL: async (context) => {
    context.page = await openDemoMails(context.page, context.guest.email);
  },
};
