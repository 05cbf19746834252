import { CHECK_RESULT_LABEL, type CheckResult } from '~/domain/alert-history'
import { formatMoment } from '~/domain/dates'
import { frequencyText } from '~/domain/plans'
import type { AlertHistory } from '~/models/alert-history.server'

const RESULT_STYLES: Record<CheckResult, string> = {
  'open-found': 'bg-green-500',
  'nothing-open': 'bg-slate-300',
  'disney-did-not-answer': 'bg-red-500',
  'not-bookable-yet': 'bg-amber-400',
}

type Totals = AlertHistory['checks']['last24Hours']

function PeriodTotals({ title, totals }: { title: string; totals: Totals }) {
  const notes = [
    totals.unanswered && `${totals.unanswered} Disney did not answer`,
    totals.notBookableYet && `${totals.notBookableYet} not bookable yet`,
  ].filter(Boolean)
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{title}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">
        {totals.checks} {totals.checks === 1 ? 'check' : 'checks'}
      </dd>
      {notes.length > 0 && <dd className="text-sm text-slate-600">{notes.join(' · ')}</dd>}
    </div>
  )
}

/** Its checks: counts for a day and a week, and the last 50 as a strip with a list behind it. */
export function AlertChecks({
  checks,
  timeZone,
}: {
  checks: AlertHistory['checks']
  timeZone: string
}) {
  const { recent } = checks
  return (
    <section aria-labelledby="checks-heading" className="mt-8">
      <h2 id="checks-heading" className="text-lg font-semibold text-slate-900">
        Checks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your plan checks {frequencyText(checks.intervalMinutes)}.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <PeriodTotals title="Last 24 hours" totals={checks.last24Hours} />
        <PeriodTotals title="Last 7 days" totals={checks.last7Days} />
      </dl>
      {recent.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No checks yet since it was last saved or started.
        </p>
      ) : (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">
            Last {recent.length} {recent.length === 1 ? 'check' : 'checks'}, newest first
          </h3>
          <ol className="mt-2 flex flex-wrap gap-1" aria-hidden="true">
            {recent.map((check) => (
              <li
                key={check.at}
                className={`h-4 w-4 rounded-sm ${RESULT_STYLES[check.result]}`}
                title={`${formatMoment(check.at, timeZone)}: ${CHECK_RESULT_LABEL[check.result]}`}
              />
            ))}
          </ol>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            {Object.entries(CHECK_RESULT_LABEL).map(([result, label]) => (
              <li key={result} className="flex items-center gap-1">
                <span
                  className={`inline-block h-3 w-3 rounded-sm ${RESULT_STYLES[result as CheckResult]}`}
                  aria-hidden="true"
                />
                {label}
              </li>
            ))}
          </ul>
          <details className="mt-3 text-sm">
            <summary className="text-brand-700 cursor-pointer font-medium">
              Every check with its time
            </summary>
            <table className="mt-2 w-full text-left">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {recent.map((check) => (
                  <tr key={check.at} className="border-t border-slate-100">
                    <td className="py-1 pr-4 whitespace-nowrap">
                      {formatMoment(check.at, timeZone)}
                    </td>
                    <td className="py-1">{CHECK_RESULT_LABEL[check.result]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  )
}
