import { diningCoverage, type DiningDatesChoice } from '~/domain/dining-coverage'
import { useHydrated } from '~/hooks/use-hydrated'
import { secondaryButton } from './field'

/**
 * What the dining alert covers, before it is saved: its restaurants, dates and checks in words,
 * or the limit it is past. It follows the fields as they change; without JavaScript, "Count
 * again" sends the form as a GET so the page counts what is filled in.
 */
export function DiningCoverageNote({
  alert,
}: {
  alert: DiningDatesChoice & { diningLocationIds: readonly string[] }
}) {
  const hydrated = useHydrated()
  const coverage = diningCoverage(alert)
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <p
        role="status"
        className={coverage?.tooWide ? 'font-semibold text-red-700' : 'text-slate-700'}
      >
        {coverage
          ? `Covers ${coverage.words}.`
          : 'Choose a restaurant and a date to see what this alert covers.'}
      </p>
      {!hydrated && (
        <button type="submit" formMethod="get" formNoValidate className={secondaryButton}>
          Count again
        </button>
      )}
    </div>
  )
}
