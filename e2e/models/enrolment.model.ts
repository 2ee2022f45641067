import { createMachine } from 'xstate';
import type { EventFromLogic } from 'xstate';
import type { MachinePath } from '../../test/model-based/graph';
import { journeysToTheEnd } from './journey-paths';

/**
 * Corporate self-enrolment as an employee lives it, from the home page: each state is what the employee
 * sees, each event what the employee does. The footer's "Company rates" leads to the enrolment page; a
 * work email at a demo company's domain gets a code, read in the demo mailbox the page links; the code and
 * the employee's name enrol them and sign them in; their search of Berlin then offers the company's rate,
 * which they choose and see on the check-out page. A code mistyped is found out when the enrolment is sent:
 * the page says so, keeps the email and the name, and the right code goes on. No invoke, no delay;
 * e2e/models/enrolment.drivers.ts drives it.
 */
export const enrolmentModel = createMachine({
  id: 'enrolmentJourney',
  types: {} as {
    events:
      | { type: 'OPEN_COMPANY_RATES' }
      | { type: 'ASK_FOR_CODE' }
      | { type: 'ENTER_CODE_FROM_MAILBOX' }
      | { type: 'ENTER_MISTYPED_CODE' }
      | { type: 'ENTER_NAME_AND_ENROL' }
      | { type: 'ENROL' }
      | { type: 'SEARCH_HOTELS' }
      | { type: 'FIND_BERLIN_ROOMS' }
      | { type: 'CHOOSE_COMPANY_RATE' };
  },
  initial: 'home',
  states: {
    home: { on: { OPEN_COMPANY_RATES: 'enrolmentPage' } },
    enrolmentPage: { on: { ASK_FOR_CODE: 'codeAsked' } },
    codeAsked: { on: { ENTER_CODE_FROM_MAILBOX: 'nameAsked', ENTER_MISTYPED_CODE: 'nameAskedForMistypedCode' } },
    nameAsked: { on: { ENTER_NAME_AND_ENROL: 'enrolled' } },
    // The code is checked when the enrolment is sent: until then the page looks the same.
    nameAskedForMistypedCode: { on: { ENTER_NAME_AND_ENROL: 'codeRefused' } },
    codeRefused: { on: { ENTER_CODE_FROM_MAILBOX: 'nameKept' } },
    nameKept: { on: { ENROL: 'enrolled' } },
    // Enrolled and signed in: the company's rate is the employee's from now on.
    enrolled: { on: { SEARCH_HOTELS: 'homeAsMember' } },
    homeAsMember: { on: { FIND_BERLIN_ROOMS: 'companyRateOffered' } },
    companyRateOffered: { on: { CHOOSE_COMPANY_RATE: 'checkoutWithCompanyRate' } },
    checkoutWithCompanyRate: { type: 'final' },
  },
});

export type EnrolmentEvent = EventFromLogic<typeof enrolmentModel>;
export type EnrolmentPath = MachinePath<typeof enrolmentModel>;
export type EnrolmentState =
  | 'home'
  | 'enrolmentPage'
  | 'codeAsked'
  | 'nameAsked'
  | 'nameAskedForMistypedCode'
  | 'codeRefused'
  | 'nameKept'
  | 'enrolled'
  | 'homeAsMember'
  | 'companyRateOffered'
  | 'checkoutWithCompanyRate';

export const enrolmentEvents: EnrolmentEvent[] = [
  { type: 'OPEN_COMPANY_RATES' },
  { type: 'ASK_FOR_CODE' },
  { type: 'ENTER_CODE_FROM_MAILBOX' },
  { type: 'ENTER_MISTYPED_CODE' },
  { type: 'ENTER_NAME_AND_ENROL' },
  { type: 'ENROL' },
  { type: 'SEARCH_HOTELS' },
  { type: 'FIND_BERLIN_ROOMS' },
  { type: 'CHOOSE_COMPANY_RATE' },
];

/** The journeys to drive, each to the company rate at the check-out (where a state has two ways on, the code as mailed). */
export const enrolmentJourneys = (): EnrolmentPath[] => journeysToTheEnd(enrolmentModel, enrolmentEvents, { codeAsked: { type: 'ENTER_CODE_FROM_MAILBOX' } });
