import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PointsHistoryPage } from '../../../views/account/points-history/PointsHistoryPage';

/** `?year=2025`: a year of the history (this year without it); anything else is dropped. */
const PointsHistorySearchSchema = v.object({
  year: v.fallback(v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.transform(Number))]), v.integer(), v.minValue(2000), v.maxValue(2999))), undefined),
});

export const Route = createFileRoute('/$locale/account/points-history')({
  validateSearch: PointsHistorySearchSchema,
  component: function PointsHistoryRoute() {
    const { locale } = Route.useRouteContext();
    const { year } = Route.useSearch();
    return <PointsHistoryPage locale={locale} year={year} />;
  },
});
