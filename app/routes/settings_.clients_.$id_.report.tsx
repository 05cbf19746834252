import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useRouteError } from '@remix-run/react'
import { ErrorPage } from '~/components/error-page'
import { Button, buttonClass } from '~/components/ui/button'
import { AppError } from '~/domain/app-error'
import { sentToWords, textToWords, type ReportAlert, type ReportText } from '~/domain/client-report'
import { CONSENT_WORDS } from '~/domain/client-settings'
import { formatMoment, timeZoneName } from '~/domain/dates'
import { formatPhoneNumber } from '~/domain/phone'
import { useHydrated } from '~/hooks/use-hydrated'
import { clientReport } from '~/models/client-report.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'
import { privateMeta } from '~/utils/seo'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privateMeta(data ? `Report for ${data.client.name}` : 'Client report')

/** Where the report's own times are given when the account has not said its time zone. */
const DEFAULT_TIME_ZONE = 'America/New_York'

/**
 * /settings/clients/{id}/report: what a client's alerts watched and found, the openings and the
 * texts to the agent or the client with their delivery, laid out to print (issue 31). Its
 * owner's only: anyone else's client, or an id made up, is the site's 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  try {
    const report = await clientReport(getDb(), user.id, params.id, new Date())
    return json({ ...report, timeZone: user.timeZone ?? DEFAULT_TIME_ZONE }, { headers: PRIVATE })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw json({ message: error.message }, { status: error.status, headers: PRIVATE })
  }
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** Printing from the browser's menu works without it; with JavaScript, a button does it too. */
function PrintButton() {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Button tone="quiet" size="sm" onClick={() => window.print()}>
      Print
    </Button>
  )
}

/** Texts: who each went to, its delivery and when; with `about`, what each was about first. */
function TextList({
  texts,
  clientName,
  timeZone,
  about = false,
  className,
}: {
  texts: ReportText[]
  clientName: string
  timeZone: string
  about?: boolean
  className: string
}) {
  return (
    <ul className={className}>
      {texts.map((text) => (
        <li key={text.id}>
          {about && `${text.about}: `}
          <span className="font-medium text-slate-900">
            To {sentToWords(text.recipient, clientName)}
          </span>{' '}
          · {text.delivery} · {formatMoment(text.sentAt ?? text.createdAt, timeZone)}
        </li>
      ))}
    </ul>
  )
}

function AlertSection({ alert, clientName }: { alert: ReportAlert; clientName: string }) {
  const when = (iso: string | null) => (iso ? formatMoment(iso, alert.timeZone) : 'Not yet')
  const headingId = `alert-${alert.kind}-${alert.id}`
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 border-t border-slate-200 pt-6 print:break-inside-avoid-page"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {alert.name}{' '}
        <span className="text-sm font-normal text-slate-500">
          ({alert.kind === 'hotel' ? 'hotel' : 'dining'})
        </span>
      </h2>
      <p className="mt-1 text-slate-700">{alert.watches}</p>
      <p className="text-sm text-slate-600">
        {alert.where} · {alert.details} · {alert.statusText}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Texts go to</dt>
          <dd className="text-slate-900">{textToWords(alert.textTo, clientName)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-900">{when(alert.created)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last checked</dt>
          <dd className="text-slate-900">{when(alert.lastCheckedAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last found</dt>
          <dd className="text-slate-900">{when(alert.lastFoundAt)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        Times are {timeZoneName(alert.timeZone)}, where the{' '}
        {alert.kind === 'hotel' ? 'resort' : 'restaurant'} is.
      </p>

      <h3 className="mt-4 font-semibold text-slate-900">Openings found</h3>
      {alert.openings.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto print:overflow-visible">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Opening
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Seen
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Open for
                </th>
                <th scope="col" className="py-2 font-medium">
                  Texts
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {alert.openings.map((opening) => (
                <tr key={opening.id} className="print:break-inside-avoid">
                  <td className="py-2 pr-4 text-slate-900">{opening.what}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {formatMoment(opening.firstSeenAt, alert.timeZone)}
                  </td>
                  <td className="py-2 pr-4">
                    {opening.open ? `${opening.openFor}, open now` : opening.openFor}
                  </td>
                  <td className="py-2">
                    {opening.texts.length === 0 ? (
                      <span className="text-slate-500">No text</span>
                    ) : (
                      <TextList
                        texts={opening.texts}
                        clientName={clientName}
                        timeZone={alert.timeZone}
                        className="space-y-1"
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {alert.texts.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">Other texts</h3>
          <TextList
            texts={alert.texts}
            clientName={clientName}
            timeZone={alert.timeZone}
            about
            className="mt-1 space-y-1 text-sm"
          />
        </>
      )}
    </section>
  )
}

export default function ClientReportPage() {
  const data = useLoaderData<typeof loader>()
  const { client, totals } = data
  const contact = [
    client.phoneNumber && formatPhoneNumber(client.phoneNumber),
    client.email,
    CONSENT_WORDS[client.consent],
  ].filter(Boolean)
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 print:max-w-none print:px-0 print:py-0">
      <Link
        to={`/settings/clients/${client.id}`}
        className="text-brand-700 text-sm font-semibold hover:underline print:hidden"
      >
        ← {client.name}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Alert report: {client.name}</h1>
          <p className="mt-1 text-sm text-slate-600">{contact.join(' · ')}</p>
          <p className="text-sm text-slate-600">
            As of {formatMoment(data.generatedAt, data.timeZone)} {timeZoneName(data.timeZone)}
          </p>
        </div>
        <div className="flex gap-2 print:hidden">
          <PrintButton />
          <a
            href={`/settings/clients/${client.id}/report.csv`}
            download
            className={buttonClass({ tone: 'quiet', size: 'sm', className: 'inline-block' })}
          >
            Download CSV
          </a>
        </div>
      </div>
      <p className="mt-4 text-slate-700">
        {plural(totals.alerts, 'alert')}, {plural(totals.openings, 'opening')} found
        {totals.openNow ? ` (${totals.openNow} open now)` : ''}, {plural(totals.texts, 'text')}{' '}
        sent, {totals.textsToClient} of them to {client.name}.
      </p>
      {data.alerts.length === 0 && (
        <p className="mt-6 text-slate-600">
          {client.name} has no alerts yet. An alert made for them appears here, with what it finds.
        </p>
      )}
      {data.alerts.map((alert) => (
        <AlertSection key={`${alert.kind}-${alert.id}`} alert={alert} clientName={client.name} />
      ))}
      {data.otherTexts.length > 0 && (
        <section aria-labelledby="other-texts" className="mt-8 border-t border-slate-200 pt-6">
          <h2 id="other-texts" className="text-lg font-semibold text-slate-900">
            Other texts about {client.name}
          </h2>
          <TextList
            texts={data.otherTexts}
            clientName={client.name}
            timeZone={data.timeZone}
            about
            className="mt-2 space-y-1 text-sm"
          />
        </section>
      )}
    </div>
  )
}
