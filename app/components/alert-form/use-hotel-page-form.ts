import { useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { useCallback } from 'react'
import type { CatalogueChoice } from '~/domain/catalogue-choices'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { useDeferredValidation } from '~/hooks/use-deferred-validation'

/**
 * What the hotel page and the price watch page work out alike: the chosen resort, its destination
 * and today there (the earliest date), and the Conform form. The page's own schema for today,
 * `schemaFor`, loads on the first focus of a field (decision 0012); the server checks either way.
 * `schemaFor` must be the same function at every render: a module's own.
 */
export function useHotelPageForm<Input, Output>({
  id,
  lastResult,
  resorts,
  resortId,
  schemaFor,
}: {
  id: string
  lastResult: SubmissionResult | undefined
  resorts: readonly CatalogueChoice[]
  resortId: string | null
  schemaFor: (
    minDate: string,
  ) => Promise<(formData: FormData) => Submission<Input, string[], Output>>
}) {
  const resort = resorts.find((item) => item.id === resortId)
  const destination = findDestination(resort?.locationIdentifier ?? 'disneyland')!
  const minDate = todayIn(destination.timeZone)
  const validation = useDeferredValidation(
    useCallback(() => schemaFor(minDate), [schemaFor, minDate]),
  )
  const [form] = useForm({
    id,
    lastResult,
    onValidate: validation.onValidate,
    shouldValidate: 'onSubmit',
  })
  /** The first error of the fields named, for a section that shows one. */
  const errorOf = (...names: string[]) =>
    names.map((name) => form.allErrors[name]?.[0]).find(Boolean)
  return { resort, destination, minDate, form, errorOf, prepare: validation.prepare }
}
