import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { EnrolmentPage } from '../../views/enroll/EnrolmentPage';

/**
 * Corporate self-enrolment. An invite mail links `?invite=<token>` (the router reads a token of digits as a
 * number: it is turned back into text). Its shape is the BFF's to judge: a refused link is explained.
 */
const EnrolSearchSchema = v.object({
  invite: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(4096))),
});

export const Route = createFileRoute('/$locale/enroll')({
  validateSearch: EnrolSearchSchema,
  component: function EnrolRoute() {
    const { locale } = Route.useRouteContext();
    const { invite } = Route.useSearch();
    return <EnrolmentPage locale={locale} invite={invite} />;
  },
});
