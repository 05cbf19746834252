import { useState, type MouseEvent, type ReactNode } from 'react'
import { useHydrated } from '~/hooks/use-hydrated'
import { FormSection, inputClass, secondaryButton } from './field'

export interface Choice {
  id: string
  name: string
  detail?: string
}

/**
 * A searchable list that collapses to the chosen item with a Change link (the resort and
 * restaurant pickers). Without JavaScript the search and the picks are GET submissions of the
 * surrounding form (`name` for the pick, `q` for the search), so the page keeps its state in
 * the URL; with JavaScript they filter and pick in place.
 */
export function ChoiceList({
  name,
  searchName,
  label,
  choices,
  selectedId,
  onSelect,
  initialSearch = '',
  limit,
  countText,
  emptyText,
  noMatchText,
  selectedDetail,
}: {
  name: string
  searchName: string
  label: string
  choices: readonly Choice[]
  selectedId: string | null
  onSelect?: (id: string | null) => void
  initialSearch?: string
  limit?: number
  countText: (count: number) => string
  emptyText: string
  noMatchText: (search: string) => string
  selectedDetail?: ReactNode
}) {
  const hydrated = useHydrated()
  const [search, setSearch] = useState(initialSearch)
  const selected = selectedId ? choices.find((choice) => choice.id === selectedId) : undefined
  // With JavaScript a pick happens in place; without, its button sends the form (GET).
  const pickInPlace = (id: string | null) => (event: MouseEvent) => {
    if (!onSelect) return
    event.preventDefault()
    onSelect(id)
  }

  if (selected) {
    return (
      <div className="border-brand-200 bg-brand-50 flex items-start justify-between gap-4 rounded-xl border p-4">
        <input type="hidden" name={name} value={selected.id} />
        <div>
          <p className="font-semibold text-slate-900">{selected.name}</p>
          {selected.detail && <p className="text-sm text-slate-600">{selected.detail}</p>}
          {selectedDetail}
        </div>
        <button
          type="submit"
          name="change"
          value={name}
          formMethod="get"
          formNoValidate
          className="text-brand-700 text-sm font-semibold hover:underline"
          onClick={pickInPlace(null)}
        >
          Change
        </button>
      </div>
    )
  }

  const needle = search.trim().toLowerCase()
  const matches = needle
    ? choices.filter((choice) => choice.name.toLowerCase().includes(needle))
    : choices
  const shown = limit ? matches.slice(0, limit) : matches
  const searchId = `${name}-search`

  return (
    <div>
      <label htmlFor={searchId} className="sr-only">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={searchId}
          name={searchName}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={label}
          autoComplete="off"
          className={inputClass}
        />
        {!hydrated && (
          <button type="submit" formMethod="get" formNoValidate className={secondaryButton}>
            Search
          </button>
        )}
      </div>
      {choices.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{emptyText}</p>
      ) : matches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{noMatchText(search.trim())}</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-500" aria-live="polite">
            {countText(matches.length)}
          </p>
          <ul className="mt-2 max-h-[400px] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {shown.map((choice) => (
              <li key={choice.id}>
                <button
                  type="submit"
                  name={name}
                  value={choice.id}
                  formMethod="get"
                  formNoValidate
                  className="hover:bg-brand-50 focus:bg-brand-50 block w-full px-4 py-3 text-left focus:outline-none"
                  onClick={pickInPlace(choice.id)}
                >
                  <span className="block font-medium text-slate-900">{choice.name}</span>
                  {choice.detail && (
                    <span className="block text-sm text-slate-500">{choice.detail}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** The hotel and price watch pages' resort section: a ChoiceList of resorts posting `resortId`. */
export function ResortSection({
  title,
  page,
  hotel,
  errorOf,
}: {
  title: string
  /** The page's resorts, and the search its address holds (`q`, sent without JavaScript). */
  page: { resorts: readonly Choice[]; q: string }
  /** The form's draft, whose resort this picks. */
  hotel: { draft: { resortId: string | null }; selectResort: (id: string | null) => void }
  errorOf: (name: string) => string | undefined
}) {
  return (
    <FormSection title={title} id="resort-heading" error={errorOf('resortId')}>
      <ChoiceList
        name="resortId"
        searchName="q"
        label="Search resorts"
        choices={page.resorts}
        selectedId={hotel.draft.resortId}
        onSelect={hotel.selectResort}
        initialSearch={page.q}
        countText={(count) => `${count} resort(s) found`}
        emptyText="No resorts available"
        noMatchText={() => 'No resorts match'}
      />
    </FormSection>
  )
}
