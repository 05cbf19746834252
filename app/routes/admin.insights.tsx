import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { BarChart, dayLabel } from '~/components/insights/bar-chart'
import { FunnelChart } from '~/components/insights/funnel-chart'
import { Button } from '~/components/ui/button'
import { FiguresTable } from '~/components/ui/figures-table'
import { INSIGHT_PERIODS, loadInsights, type InsightPeriod } from '~/models/insights.server'
import { getDb } from '~/utils/db.server'
import { requireAdmin } from '~/utils/session.server'
import { PRIVATE } from '~/utils/http.server'

export const meta: MetaFunction = () => [
  { title: 'Insights | Disney Hotel Alerts' },
  { name: 'robots', content: 'noindex' },
]

/** ?days=7|30|90 (30 when absent); anything else is refused rather than guessed at. */
function periodOf(url: URL): InsightPeriod {
  const raw = url.searchParams.get('days')
  if (raw === null) return 30
  const period = INSIGHT_PERIODS.find((days) => String(days) === raw)
  if (!period) throw json({ message: 'Choose a period of 7, 30 or 90 days.' }, { status: 400 })
  return period
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const insights = await loadInsights(getDb(), periodOf(new URL(request.url)))
  return json(insights, { headers: PRIVATE })
}

const planName = (id: string | null) => id ?? 'no plan'

export default function Insights() {
  const data = useLoaderData<typeof loader>()
  const days = data.visits.map((row) => row.day)
  const { funnel } = data

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Insights</h1>
          <p className="mt-1 text-slate-600">
            {dayLabel(data.firstDay)} to today, by UTC day. Visitors are counted once a day per
            browser; nobody is followed from one day to the next.
          </p>
        </div>
        <Form method="get" className="flex items-end gap-2">
          <label className="text-sm font-medium text-slate-700">
            Period
            <select
              name="days"
              defaultValue={String(data.days)}
              className="mt-1 block rounded-lg border border-slate-300 px-2 py-1.5"
            >
              {INSIGHT_PERIODS.map((period) => (
                <option key={period} value={period}>
                  Last {period} days
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm">
            Show
          </Button>
        </Form>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Visits per day"
          days={days}
          series={[
            { name: 'Visitors', values: data.visits.map((row) => row.visitors) },
            { name: 'Page views', values: data.visits.map((row) => row.views) },
          ]}
        />
        <FunnelChart
          title="Funnel: visit, login, plan, first alert"
          steps={[
            { label: 'Visitors', count: funnel.visitors },
            { label: 'Signed up', count: funnel.signedUp },
            { label: 'Chose a plan', count: funnel.chosePlan },
            { label: 'Created an alert', count: funnel.alerted },
          ]}
        />
        <BarChart
          title="Alerts created per day"
          days={days}
          series={[
            { name: 'Hotel', values: data.alerts.map((row) => row.hotel) },
            { name: 'Dining', values: data.alerts.map((row) => row.dining) },
          ]}
        />
        <BarChart
          title="Openings found and texts sent per day"
          days={days}
          series={[
            { name: 'Openings found', values: data.texts.map((row) => row.openings) },
            { name: 'Texts sent', values: data.texts.map((row) => row.texts) },
          ]}
        />
        <BarChart
          title="Plan changes per day"
          days={days}
          series={[{ name: 'Plan changes', values: data.planChanges.map((row) => row.changes) }]}
        />
        <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <figcaption>
            <h2 className="text-lg font-semibold text-slate-900">Plan changes by kind</h2>
          </figcaption>
          {data.planMoves.length === 0 ? (
            <p className="mt-3 text-slate-600">No plan changed in this period.</p>
          ) : (
            <FiguresTable
              columns={[{ label: 'From' }, { label: 'To' }, { label: 'Changes', numeric: true }]}
              rows={data.planMoves.map((move) => ({
                key: `${move.fromPlan}-${move.toPlan}`,
                cells: [planName(move.fromPlan), planName(move.toPlan), move.count],
              }))}
              rowHeadings={false}
              className="mt-3 text-sm"
            />
          )}
        </figure>
      </div>
    </section>
  )
}
