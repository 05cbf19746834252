import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react'
import { AlertChecks } from '~/components/alert-history/checks'
import { AlertOpenings } from '~/components/alert-history/openings'
import { AlertPrices, PriceWatchTerms } from '~/components/alert-history/prices'
import { ErrorPage } from '~/components/error-page'
import { Notice } from '~/components/ui/notice'
import { PageLinks } from '~/components/ui/page-links'
import { alertPageHref } from '~/domain/alert-history'
import { hotelAlertShape } from '~/domain/alert-shape'
import {
  alertDetails,
  alertName,
  alertNotice,
  alertSummary,
  alertWhere,
} from '~/domain/alert-words'
import { statusLabel } from '~/domain/alerts'
import { AppError } from '~/domain/app-error'
import { findDestination } from '~/domain/destinations'
import { timeZoneName } from '~/domain/dates'
import { bookedItHref } from '~/domain/price-history'
import { requestedAlertHistory } from '~/services/alert-history.server'
import { PRIVATE } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privateMeta(data ? `${alertName(data.alert)} alert` : 'Alert')

/** /dashboard/alerts/{hotel|dining}/{id}: what one alert has done, for its owner only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  try {
    const history = await requestedAlertHistory(request, params, user.id)
    return json(history, { headers: PRIVATE })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw json({ message: error.message }, { status: error.status, headers: PRIVATE })
  }
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 400)
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{String(error.data?.message ?? 'Bad request')}</h1>
        <Link to="/dashboard" className="text-brand-700 mt-6 inline-block font-semibold">
          Back to your alerts
        </Link>
      </div>
    )
  return <ErrorPage error={error} />
}

export default function AlertPage() {
  const data = useLoaderData<typeof loader>()
  const { alert } = data
  const destination = findDestination(
    alert.kind === 'hotel' ? hotelAlertShape(alert).destination : alert.resortLocationIdentifier,
  )!
  const currentYear = new Date(data.checks.since).getFullYear()
  const notice = alertNotice(alert)
  // A watch's terms; for any other hotel alert, the way from an opening to a watch of it.
  const priceWatch = data.priceWatch ?? null
  const bookedIt =
    alert.kind === 'hotel' && data.priceWatch === null
      ? (opening: {
          resortId: string
          roomTypeId: string
          checkInDate: string
          checkOutDate: string
        }) =>
          bookedItHref({
            resortId: opening.resortId,
            roomId: opening.roomTypeId,
            checkInDate: opening.checkInDate,
            checkOutDate: opening.checkOutDate,
            numberOfAdults: alert.numberOfAdults,
            agesOfChildren: alert.agesOfChildren,
            accessible: alert.accessible,
          })
      : undefined
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/dashboard" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Your alerts
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{alertName(alert)}</h1>
      <p className="mt-1 text-slate-700">{alertSummary(alert, currentYear)}</p>
      <p className="text-sm text-slate-600">
        {alertWhere(alert)} · {alertDetails(alert)} · {statusLabel(alert.kind, alert.status)}
      </p>
      {notice && (
        <Notice tone="warning" className="mt-3 text-sm">
          {notice}
        </Notice>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Times are {timeZoneName(destination.timeZone)}, where the{' '}
        {alert.kind === 'hotel' ? 'resort' : 'restaurant'} is.
      </p>
      {priceWatch && <PriceWatchTerms watch={priceWatch} />}
      <AlertChecks checks={data.checks} timeZone={destination.timeZone} />
      {data.prices && (
        <AlertPrices
          prices={data.prices}
          currentNightly={data.currentNightly ?? null}
          currentTotal={data.currentTotal ?? null}
          paidTotal={priceWatch?.paidTotal ?? null}
          until={alert.lastCheckedAt}
          timeZone={destination.timeZone}
        />
      )}
      <section aria-labelledby="openings-heading" className="mt-10">
        <h2 id="openings-heading" className="text-lg font-semibold text-slate-900">
          Openings it saw
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {data.totalOpenings === 0
            ? 'None yet. Each one we see appears here, with the text we sent about it.'
            : `${data.totalOpenings} in all${data.openNow ? `, ${data.openNow} open now` : ''}.`}
        </p>
        <AlertOpenings
          openings={data.openings}
          timeZone={destination.timeZone}
          currentYear={currentYear}
          bookedIt={bookedIt}
        />
        <div className="mt-4">
          <PageLinks
            pages={data.pages}
            current={data.page}
            href={(page) => alertPageHref(alert.kind, alert.id, page)}
          />
        </div>
      </section>
    </main>
  )
}
