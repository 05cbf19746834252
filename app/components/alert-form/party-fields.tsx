import { HOTEL_PARTY } from '~/domain/hotel-alert'
import type { HotelDraft } from '~/domain/hotel-drafts'
import { useHydrated } from '~/hooks/use-hydrated'
import { FormSection, inputClass, secondaryButton } from './field'
import { NumberStepper } from './number-stepper'

const AGE_OPTIONS = Array.from({ length: HOTEL_PARTY.age.max + 1 }, (_, age) => age)

/**
 * Adults, children and an age for each child. Ages are null until chosen. Without JavaScript
 * the counts are plain number fields and the age list follows the count after Update.
 */
export function PartyFields({
  idPrefix,
  party: { adults, childAges },
  onChange,
  ageErrors,
}: {
  idPrefix: string
  party: { adults: number; childAges: readonly (number | null)[] }
  onChange?: (party: { adults: number; childAges: (number | null)[] }) => void
  ageErrors?: boolean
}) {
  const hydrated = useHydrated()
  const live = hydrated && onChange
  const setChildren = (count: number) =>
    onChange?.({
      adults,
      childAges: Array.from({ length: count }, (_, index) => childAges[index] ?? null),
    })

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-6">
        <PartyCount
          id={`${idPrefix}-adults`}
          name="numberOfAdults"
          label="Adults (18+)"
          value={adults}
          limits={HOTEL_PARTY.adults}
          onChange={live ? (value) => onChange({ adults: value, childAges: [...childAges] }) : null}
        />
        <PartyCount
          id={`${idPrefix}-children`}
          name="numberOfChildren"
          label="Children"
          value={childAges.length}
          limits={HOTEL_PARTY.children}
          onChange={live ? setChildren : null}
        />
      </div>
      {childAges.length > 0 && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {childAges.map((age, index) => (
            <div key={index}>
              <label
                htmlFor={`${idPrefix}-age-${index}`}
                className="mb-1 block text-sm font-medium text-slate-700"
              >
                Child {index + 1} age
              </label>
              <select
                id={`${idPrefix}-age-${index}`}
                name="agesOfChildren"
                value={age === null ? '' : String(age)}
                aria-invalid={ageErrors && age === null ? true : undefined}
                onChange={(event) => {
                  const next = [...childAges]
                  next[index] =
                    event.currentTarget.value === '' ? null : Number(event.currentTarget.value)
                  onChange?.({ adults, childAges: next })
                }}
                className={`${inputClass} aria-[invalid]:border-red-500`}
              >
                <option value="">Select age</option>
                {AGE_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option === 0 ? 'Infant' : option}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      )}
    </div>
  )
}

/**
 * The hotel and price watch pages' party section: PartyFields, and whether the room must be
 * accessible. Without JavaScript, Update room types sends the form back in the address for the
 * room types that fit the party.
 */
export function PartySection({
  idPrefix,
  party,
  onChange,
  error,
  ageErrors,
  accessibleLabel,
}: {
  idPrefix: string
  party: Pick<HotelDraft, 'adults' | 'childAges' | 'accessible'>
  onChange: (party: Partial<Pick<HotelDraft, 'adults' | 'childAges' | 'accessible'>>) => void
  error?: string
  ageErrors: boolean
  accessibleLabel: string
}) {
  const hydrated = useHydrated()
  return (
    <FormSection title="Party Size" id="party-heading" error={error}>
      <PartyFields idPrefix={idPrefix} party={party} onChange={onChange} ageErrors={ageErrors} />
      <label className="mt-4 flex items-center gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name="accessible"
          checked={party.accessible}
          onChange={(event) => onChange({ accessible: event.currentTarget.checked })}
        />
        {accessibleLabel}
      </label>
      {!hydrated && (
        <button type="submit" formMethod="get" formNoValidate className={`mt-4 ${secondaryButton}`}>
          Update room types
        </button>
      )}
    </FormSection>
  )
}

/** A count of the party: a stepper once hydrated, a plain number field without JavaScript. */
function PartyCount(props: {
  id: string
  name: string
  label: string
  value: number
  limits: { min: number; max: number }
  onChange: ((value: number) => void) | null
}) {
  const { id, name, label, value, limits, onChange } = props
  if (onChange)
    return (
      <NumberStepper
        id={id}
        name={name}
        label={label}
        value={value}
        min={limits.min}
        max={limits.max}
        onChange={onChange}
      />
    )
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={limits.min}
        max={limits.max}
        defaultValue={value}
        className="h-11 w-20 rounded-lg border border-slate-300 text-center"
      />
    </div>
  )
}
