import { PAGE_COPY } from '~/utils/http.server'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ContentSection, Disclaimer, FaqList } from '~/components/marketing/parts'
import { Breadcrumb } from '~/components/ui/breadcrumb'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { OpeningStats, PriceStats } from '~/components/hotel-stats/opening-stats'
import { destinationDisplay } from '~/domain/destinations'
import {
  genericAbout,
  HOTEL_PAGE_ROOMS,
  hotelFaq,
  hotelPagePath,
  PARADISE_PIER,
  PIXAR_PLACE,
  startAlertPath,
} from '~/domain/hotel-page'
import {
  breadcrumbList,
  faqPage,
  hotelPlace,
  itemList,
  openingStatsDataset,
} from '~/domain/structured-data'
import { findResortPage, listRoomTypes } from '~/models/catalogue.server'
import { hotelOpeningStats, hotelPriceStats } from '~/services/hotel-opening-stats.server'
import { readHotelAbout } from '~/utils/content.server'
import { getDb } from '~/utils/db.server'
import { DEFAULT_SOCIAL_IMAGE, NOINDEX, pageMeta, siteOrigin } from '~/utils/seo'

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findResortPage(getDb(), params.location ?? '', params.slug ?? '')
  if (!found) return json({ hotel: null }, { status: 404 })
  const { resort, resorts } = found
  const [rooms, about, openingStats, priceStats] = await Promise.all([
    listRoomTypes(getDb(), resort.id),
    readHotelAbout(),
    hotelOpeningStats(resort),
    hotelPriceStats(resort.id),
  ])
  // Paradise Pier's page points at Pixar Place's, the same building under its new name.
  const pixarPlace =
    resort.name === PARADISE_PIER
      ? resorts.find(
          (item) => item.locationIdentifier === 'disneyland' && item.name === PIXAR_PLACE,
        )
      : undefined
  return json(
    {
      hotel: {
        name: resort.name,
        path: hotelPagePath(resort.locationIdentifier, resort.name),
        description: resort.description,
        destination: destinationDisplay(resort.locationIdentifier),
        locationIdentifier: resort.locationIdentifier,
        startPath: startAlertPath(resort),
        about: about[resort.slug] ?? genericAbout(resort.name),
        canonicalPath:
          resort.name === PARADISE_PIER
            ? hotelPagePath('disneyland', PIXAR_PLACE)
            : hotelPagePath(resort.locationIdentifier, resort.name),
      },
      replacedBy:
        resort.name === PARADISE_PIER
          ? {
              name: PIXAR_PLACE,
              path: pixarPlace ? hotelPagePath('disneyland', PIXAR_PLACE) : '/alerts/hotels',
            }
          : null,
      rooms: rooms.slice(0, HOTEL_PAGE_ROOMS.listed).map((room) => ({
        id: room.id,
        name: room.name,
        maxOccupancy: room.maxOccupancy,
        accessible: room.accessible,
      })),
      openingStats,
      priceStats,
    },
    { headers: PAGE_COPY },
  )
}

function crumbsFor(hotel: { name: string; path: string }) {
  return [
    { name: 'Home', path: '/' },
    { name: 'Hotel Alerts', path: '/disney-hotel-alerts' },
    { name: hotel.name, path: hotel.path },
  ]
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data
  if (!data?.hotel) return [{ title: 'Hotel not found | Disney Hotel Alerts' }, NOINDEX]
  const { hotel, rooms, openingStats } = data
  const { canonicalPath } = hotel
  const origin = siteOrigin(args.matches)
  const url = `${origin}${canonicalPath}`
  const keywords = rooms.slice(0, HOTEL_PAGE_ROOMS.keywords).map((room) => room.name)
  return pageMeta(args, {
    title: `${hotel.name} Disney Hotel Alerts | Room availability texts`,
    description: `Get a text when a room opens at ${hotel.name} (${hotel.destination})${keywords.length ? `: ${keywords.join(', ')}` : ''}. Not affiliated with Disney.`,
    canonicalPath,
    keywords,
    structuredData: [
      hotelPlace({ ...hotel, url, image: `${origin}${DEFAULT_SOCIAL_IMAGE}` }),
      itemList(
        `Room types at ${hotel.name}`,
        rooms.slice(0, HOTEL_PAGE_ROOMS.structured).map((room) => room.name),
      ),
      breadcrumbList(origin, crumbsFor(hotel)),
      faqPage(hotelFaq(hotel.name)),
      ...(openingStats?.shown
        ? [openingStatsDataset({ ...openingStats, hotel: hotel.name, url: `${url}#opening-stats` })]
        : []),
    ],
  })
}

export default function HotelPage() {
  const data = useLoaderData<typeof loader>()
  if (!data.hotel) return <HotelNotFound />
  const { hotel, rooms, replacedBy, openingStats, priceStats } = data
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <Breadcrumb crumbs={crumbsFor(hotel)} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">
        {hotel.name} Disney Hotel Alerts
      </h1>
      <p className="mt-3 text-lg text-slate-600">
        {hotel.description} Sold out for your dates? Tell us the stay you want and we text you when
        a matching room opens at {hotel.name}.
      </p>

      {replacedBy && (
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {hotel.name} was reimagined as {replacedBy.name}.{' '}
          <Link to={replacedBy.path} className="font-semibold underline">
            See {replacedBy.name} alerts
          </Link>
        </p>
      )}

      <Card id="start-heading" title="Start an alert" tone="brand" size="xl" className="mt-8">
        <p className="mt-2 text-slate-700">
          Choose your dates, party and room types. Free for 7 days, no card needed.
        </p>
        <ButtonLink to={hotel.startPath} className="mt-4">
          Start alert for {hotel.name}
        </ButtonLink>
      </Card>

      <ContentSection title={`About alerts at ${hotel.name}`} id="about-heading">
        <p>{hotel.about}</p>
      </ContentSection>

      <OpeningStats hotel={hotel.name} stats={openingStats} />

      <PriceStats hotel={hotel.name} categories={priceStats} />

      <FaqList questions={hotelFaq(hotel.name)} />

      {rooms.length > 0 && (
        <ContentSection title={`Room types at ${hotel.name}`} id="rooms-heading">
          <ul className="grid gap-2 sm:grid-cols-2">
            {rooms.map((room) => (
              <li key={room.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <span className="font-medium text-slate-900">{room.name}</span>
                <span className="block text-sm text-slate-600">
                  Max {room.maxOccupancy} guests · {room.accessible ? 'Accessible' : 'Standard'}
                </span>
              </li>
            ))}
          </ul>
        </ContentSection>
      )}

      <Disclaimer />
      <p className="mt-8">
        <Link to="/alerts/hotels" className="text-brand-700 font-semibold underline">
          ← Back to all hotel alerts
        </Link>
      </p>
    </article>
  )
}

function HotelNotFound() {
  return (
    <section className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Hotel not found</h1>
      <p className="mt-3 text-slate-600">We could not find a Disney hotel at this address.</p>
      <ButtonLink to="/alerts/hotels" className="mt-8">
        Browse hotel alerts
      </ButtonLink>
    </section>
  )
}
