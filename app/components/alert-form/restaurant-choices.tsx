import { useState } from 'react'
import { MAX_RESTAURANTS_PER_ALERT } from '~/domain/flexible-dining'
import { useHydrated } from '~/hooks/use-hydrated'
import { ChoiceList, type Choice } from './choice-list'
import { secondaryButton } from './field'

/** The form field of each chosen restaurant, as the JSON API names it. */
const FIELD = 'diningLocationIds'

/**
 * A button that acts in place with JavaScript and, without it, sends the form as a GET. With
 * JavaScript it is a plain button, so Enter in a field never presses it in place of the form's
 * own submit button.
 */
function PageButton({
  name,
  value,
  onPress,
  className,
  label,
  children,
}: {
  name: string
  value: string
  onPress: () => void
  className: string
  label?: string
  children: string
}) {
  const hydrated = useHydrated()
  return (
    <button
      type={hydrated ? 'button' : 'submit'}
      name={name}
      value={value}
      formMethod="get"
      formNoValidate
      aria-label={label}
      className={className}
      onClick={(event) => {
        event.preventDefault()
        onPress()
      }}
    >
      {children}
    </button>
  )
}

/**
 * Whether a page's URL keeps the list open to add another restaurant: "Add another" and the
 * searches after it carry the count of restaurants chosen, and a pick (one more) closes it.
 */
export function addingAnother(params: URLSearchParams, chosen: readonly string[]) {
  return params.get(ADDING) === String(chosen.length)
}

const ADDING = 'adding'

/**
 * The restaurants one alert watches (up to MAX_RESTAURANTS_PER_ALERT): each chosen one as a card
 * holding its field, and the searchable list (ChoiceList) to choose the first and, on "Add
 * another restaurant", the next; the list comes first while it is open, so Enter in its search
 * searches. One restaurant reads as today's picker: its card with Change. Without JavaScript
 * every pick, removal and "Add another" is a GET of the surrounding form (`diningLocationIds`,
 * `remove`, `adding`), so the page keeps its state in the URL.
 */
export function RestaurantChoices({
  choices,
  chosenIds,
  onChange,
  initialAdding = false,
  initialSearch,
  searchName,
  limit,
  emptyText,
}: {
  choices: readonly Choice[]
  chosenIds: readonly string[]
  onChange: (ids: string[]) => void
  /** The list is open to add another (`addingAnother`, without JavaScript). */
  initialAdding?: boolean
  initialSearch?: string
  searchName: string
  limit: number
  emptyText: string
}) {
  const hydrated = useHydrated()
  const [adding, setAdding] = useState(initialAdding)
  const chosen = chosenIds.flatMap((id) => choices.filter((choice) => choice.id === id))
  const full = chosen.length >= MAX_RESTAURANTS_PER_ALERT
  const listShown = !chosen.length || (adding && !full)
  const count = String(chosen.length)

  const cards = chosen.length > 0 && (
    <ul aria-label="Chosen restaurants" className="space-y-2">
      {chosen.map((choice) => (
        <li
          key={choice.id}
          className="border-brand-200 bg-brand-50 flex items-start justify-between gap-4 rounded-xl border p-4"
        >
          <div>
            <p className="font-semibold text-slate-900">{choice.name}</p>
            {choice.detail && <p className="text-sm text-slate-600">{choice.detail}</p>}
          </div>
          <PageButton
            name="remove"
            value={choice.id}
            label={chosen.length > 1 ? `Remove ${choice.name}` : undefined}
            onPress={() => onChange(chosenIds.filter((id) => id !== choice.id))}
            className="text-brand-700 text-sm font-semibold hover:underline"
          >
            {chosen.length > 1 ? 'Remove' : 'Change'}
          </PageButton>
        </li>
      ))}
    </ul>
  )

  // Before the list, so a pick (its button's value) comes after them: the order they were chosen.
  const fields = chosen.map((choice) => (
    <input key={choice.id} type="hidden" name={FIELD} value={choice.id} />
  ))

  if (listShown)
    return (
      <div className="space-y-3">
        {fields}
        {chosen.length > 0 && !hydrated && <input type="hidden" name={ADDING} value={count} />}
        <ChoiceList
          name={FIELD}
          searchName={searchName}
          label={chosen.length ? 'Search for another restaurant' : 'Search restaurants'}
          choices={choices.filter((choice) => !chosenIds.includes(choice.id))}
          selectedId={null}
          onSelect={(id) => {
            if (id) onChange([...chosenIds, id])
            setAdding(false)
          }}
          initialSearch={initialSearch}
          limit={limit}
          countText={(found) => `${found} restaurant(s) found`}
          emptyText={emptyText}
          noMatchText={(search) => `No restaurants match "${search}"`}
        />
        {cards}
      </div>
    )
  return (
    <div className="space-y-3">
      {fields}
      {cards}
      {full ? (
        <p className="text-sm text-slate-600">
          {MAX_RESTAURANTS_PER_ALERT} restaurants is the most one alert watches.
        </p>
      ) : (
        <PageButton
          name={ADDING}
          value={count}
          onPress={() => setAdding(true)}
          className={secondaryButton}
        >
          + Add another restaurant
        </PageButton>
      )}
    </div>
  )
}

/**
 * The restaurants of a destination as checkboxes in a scrolling list: the simpler form's
 * choice of one or several, the same with and without JavaScript.
 */
export function RestaurantCheckboxes({
  choices,
  chosenIds,
}: {
  choices: readonly Choice[]
  chosenIds: readonly string[]
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm text-slate-600">
        Choose one, or up to {MAX_RESTAURANTS_PER_ALERT} to watch them all at once.
      </legend>
      <div className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {choices.map((choice) => (
          <label
            key={choice.id}
            className="hover:bg-brand-50 flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800"
          >
            <input
              type="checkbox"
              name={FIELD}
              value={choice.id}
              defaultChecked={chosenIds.includes(choice.id)}
              className="h-4 w-4"
            />
            {choice.name}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
