import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { HotelCodeParamSchema } from '../../../contract/content';
import { hotelQuery } from '../../../services/content/queries';
import { HotelPage } from '../../../views/hotel/HotelPage';
import { loadContentOrNotFound } from '../../-load-content';

export const Route = createFileRoute('/$locale/hotels/$hotelCode')({
  beforeLoad: ({ params }) => {
    if (!v.is(HotelCodeParamSchema, { hotelCode: params.hotelCode })) throw notFound();
  },
  loader: ({ context, params }) =>
    loadContentOrNotFound(() => context.queryClient.ensureQueryData(hotelQuery(context.locale, params.hotelCode))),
  component: function HotelRoute() {
    const { locale } = Route.useRouteContext();
    const { hotelCode } = Route.useParams();
    return <HotelPage locale={locale} hotelCode={hotelCode} />;
  },
});
