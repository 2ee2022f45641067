import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PreferenceCenterPage } from '../../views/newsletters/PreferenceCenterPage';

/** The signed link of a newsletter mail carries `token`; without one the page explains how to get it. */
const PreferenceCenterSearchSchema = v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(4096))) });

export const Route = createFileRoute('/$locale/preference-center')({
  validateSearch: PreferenceCenterSearchSchema,
  component: function PreferenceCenterRoute() {
    const { locale } = Route.useRouteContext();
    const { token } = Route.useSearch();
    return <PreferenceCenterPage locale={locale} token={token} />;
  },
});
