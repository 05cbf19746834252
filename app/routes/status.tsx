import type { HeadersFunction, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import {
  checkCountRows,
  durationWords,
  FAMILY_NAMES,
  formatUtc,
  INCIDENT_DAYS,
  type Spread,
} from '~/domain/status'
import { STATUS_CACHE, statusData } from '~/services/status-page.server'
import { pageMeta } from '~/utils/seo'

/**
 * GET /status: public, the same for everyone, worked out at most once a minute per process
 * (app/services/status-page.server.ts). It takes no parameters: any query string (a shared link's
 * tracking, say) is ignored, as on every public page. The same figures are at /status.json.
 */
export async function loader() {
  return json(await statusData(), { headers: STATUS_CACHE })
}

// A document takes its Cache-Control from here; a signed-in visitor's is made private by server.ts.
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get('Cache-Control')
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers()
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Service Status | Disney Hotel Alerts',
    description:
      'Is it checking? Questions Disney answered in the last hour, how Disney is answering, how fast texts go out, and past incidents.',
  })

const card = 'mt-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6'
const cell = 'py-2 pr-3'
const rowHeading = `${cell} font-medium text-slate-900`

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A card holding a table of figures: its column headings, then its rows. */
function CardTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className={card}>
      <table className="w-full text-left">
        <thead>
          <tr className="border-b border-slate-200 text-sm text-slate-600">
            {columns.map((column) => (
              <th key={column} scope="col" className={cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

function NotKnown() {
  return <p className={card}>Not known right now: try again in a minute.</p>
}

function Badge({ ok }: { ok: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${
        ok ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {ok ? 'OK' : 'Degraded'}
    </span>
  )
}

function SpreadCells({ spread }: { spread: Spread | null }) {
  if (!spread)
    return (
      <td className={cell} colSpan={2}>
        None yet
      </td>
    )
  return (
    <>
      <td className={cell}>{durationWords(spread.medianMs)}</td>
      <td className={cell}>{durationWords(spread.p95Ms)}</td>
    </>
  )
}

export default function Status() {
  const { at, checking, checks, families, texts, incidents } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 sm:pt-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Service status</h1>
      <p className="mt-4 text-lg text-slate-700">{checking ?? 'Not known right now.'}</p>
      <p className="mt-2 text-sm text-slate-600">
        Figures as of <time dateTime={new Date(at).toISOString()}>{formatUtc(at)}</time>, worked out
        again every minute. Times are in UTC.
      </p>

      <Section id="status-checks" title="Questions Disney answered in the last hour">
        <p className="mt-2 text-slate-600">
          One question serves every alert that watches the same stay, or the same restaurant day and
          party size, so these count what we asked Disney, not alerts.
        </p>
        {checks ? (
          <CardTable columns={['Destination', 'Hotels', 'Dining']}>
            {checkCountRows(checks).map((row) => (
              <tr key={row.destination} className="border-b border-slate-100 last:border-0">
                <th scope="row" className={rowHeading}>
                  {row.destination}
                </th>
                <td className={cell}>{row.hotel.toLocaleString('en-US')}</td>
                <td className={cell}>{row.dining.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </CardTable>
        ) : (
          <NotKnown />
        )}
      </Section>

      <Section id="status-disney" title="How Disney is answering">
        {families ? (
          <ul className={`${card} divide-y divide-slate-100`}>
            {families.map((health) => (
              <li key={health.family} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {FAMILY_NAMES[health.family]} <Badge ok={health.state === 'ok'} />
                </p>
                {health.state === 'degraded' && (
                  <p className="mt-1 text-slate-600">{health.words}</p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <NotKnown />
        )}
      </Section>

      <Section id="status-texts" title="How fast texts go out">
        <p className="mt-2 text-slate-600">
          From the check that finds an opening to its text, over the last{' '}
          {texts.sample.toLocaleString('en-US')} texts of the past 24 hours at most
          {texts.sent ? ` (${texts.sent.count.toLocaleString('en-US')} texts)` : ''}.
        </p>
        <CardTable columns={['Until', 'Median', '95th percentile']}>
          <tr className="border-b border-slate-100">
            <th scope="row" className={rowHeading}>
              Handed to our text provider
            </th>
            <SpreadCells spread={texts.sent} />
          </tr>
          <tr>
            <th scope="row" className={rowHeading}>
              Delivered to the phone
            </th>
            <SpreadCells spread={texts.delivered} />
          </tr>
        </CardTable>
      </Section>

      <Section id="status-incidents" title={`Incidents in the last ${INCIDENT_DAYS} days`}>
        {incidents.length ? (
          <ul className={`${card} divide-y divide-slate-100`}>
            {incidents.map((incident) => (
              <li
                key={`${incident.kind}|${incident.family ?? ''}|${incident.startedAt}`}
                className="py-3 first:pt-0 last:pb-0"
              >
                <p className="font-medium text-slate-900">{incident.what}</p>
                <p className="mt-1 text-slate-600">
                  {incident.when} · {incident.lasted}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className={card}>None.</p>
        )}
      </Section>

      <p className="mt-10 text-sm text-slate-600">
        The same figures as JSON:{' '}
        <a href="/status.json" className="text-brand-700 underline">
          /status.json
        </a>
        .
      </p>
    </div>
  )
}
