import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { BrandCodeParamSchema } from '../../../contract/content';
import { brandQuery } from '../../../services/content/queries';
import { BrandPage } from '../../../views/brand/BrandPage';
import { loadContentOrNotFound } from '../../-load-content';

export const Route = createFileRoute('/$locale/brands/$brandCode')({
  beforeLoad: ({ params }) => {
    if (!v.is(BrandCodeParamSchema, { brandCode: params.brandCode })) throw notFound();
  },
  loader: ({ context, params }) =>
    loadContentOrNotFound(() => context.queryClient.ensureQueryData(brandQuery(context.locale, params.brandCode))),
  component: function BrandRoute() {
    const { locale } = Route.useRouteContext();
    const { brandCode } = Route.useParams();
    return <BrandPage locale={locale} brandCode={brandCode} />;
  },
});
