import { useEffect, useState } from 'react'
import { ErrorText } from '~/components/ui/notice'
import type { HotelAlertCost } from '~/domain/flexible-cost'
import { useHydrated } from '~/hooks/use-hydrated'
import { secondaryButton } from './field'
import type { Coverage } from './stay-coverage'

type CoverageOf = (cost: HotelAlertCost) => Coverage

/**
 * How many stays the alert covers, before it is saved, or why it is too wide to save. Live with
 * JavaScript (the words load when there is first a count to say); without it, the server's words
 * for the form as it was sent (`said`) and a button that sends the form again to count.
 */
export function StayCount({ cost, said }: { cost: HotelAlertCost | null; said: Coverage | null }) {
  const hydrated = useHydrated()
  const [coverageOf, setCoverageOf] = useState<CoverageOf>()
  useEffect(() => {
    if (cost && !coverageOf)
      void import('./stay-coverage').then((module) => setCoverageOf(() => module.coverageOf))
  }, [cost, coverageOf])

  // Until the words load, the server's, which are those of the form the page was sent with.
  const coverage = coverageOf ? cost && coverageOf(cost) : said
  return (
    <div aria-live="polite" className="space-y-2">
      {coverage?.tooWide ? (
        <ErrorText>{coverage.text}</ErrorText>
      ) : (
        coverage && <p className="text-sm font-medium text-slate-700">{coverage.text}</p>
      )}
      {!hydrated && (
        <button type="submit" formMethod="get" formNoValidate className={secondaryButton}>
          Count stays
        </button>
      )}
    </div>
  )
}
