import { CoverageRecorder, describePath, formatCoverage } from '../test/model-based/graph';
import { test } from './fixtures';
import { COMPANY, enrolmentEventDrivers, enrolmentStateAssertions } from './models/enrolment.drivers';
import { enrolmentJourneys, enrolmentModel } from './models/enrolment.model';
import { eventTypes } from './models/journey-paths';
import { walkJourney } from './models/walk-journey';

/*
 * Corporate self-enrolment journeys generated from the model of what an employee sees
 * (e2e/models/enrolment.model.ts): the code as mailed, and a code mistyped first; each from the home page
 * to the company's rate on the check-out page, by clicking and typing only. A new work email on every
 * journey, so it was never enrolled before. The coverage printed at the end is what the journeys took.
 */

// One worker walks the journeys in turn, so one recorder sees them all.
test.describe.configure({ mode: 'default' });

const recorder = new CoverageRecorder(enrolmentModel);
const drivers = { states: enrolmentStateAssertions, events: enrolmentEventDrivers };

/** A work email at the company's domain no other run or journey uses. */
const newWorkEmail = () => `enrol.${Date.now()}.${crypto.randomUUID().slice(0, 8)}@${COMPANY.domain}`;

test.describe('generated enrolment journeys', () => {
  enrolmentJourneys().forEach((path) => {
    test(`enrolment: ${describePath(path)}`, async ({ page }) => {
      // A mailed code, an enrolment, a search and the check-out: longer than one page's journey.
      test.setTimeout(120_000);
      await page.goto('/en/');
      await walkJourney(enrolmentModel, eventTypes(path), { page, email: newWorkEmail(), employee: { firstName: 'Nora', lastName: 'Lund' } }, drivers, recorder);
    });
  });

  test.afterAll(() => {
    console.info(formatCoverage(recorder.report('enrolment journey (browser)')));
  });
});
