import { datesChosen } from '~/domain/dining-coverage'
import { type DiningDraft } from '~/domain/dining-drafts'
import { SESSION_KEYS } from '~/domain/storage-keys'

/*
 * A visitor's dining form, kept in session storage in the specifications' shape (catalogue
 * §"Pending dining alert") as the page posts it to log in; the hotel form's is remember-hotel-draft.ts.
 */

export function rememberDiningDraft(
  draft: DiningDraft,
  restaurants: readonly { id: string; name: string }[],
) {
  const [first] = draft.diningLocationIds
  const dates = datesChosen(draft)
  sessionStorage.setItem(
    SESSION_KEYS.pendingDiningAlert,
    JSON.stringify({
      // The specification's fields say the first restaurant and date; the flexible ones, all.
      locationId: first,
      locationName: restaurants.find((item) => item.id === first)?.name,
      locationIds: draft.diningLocationIds,
      resortLocationIdentifier: draft.resortLocationIdentifier,
      reserveDate: dates[0],
      reserveDates: dates,
      timeSelection: draft.specificTime || draft.mealPeriods.join(',') || 'all-day',
      mealPeriods: draft.mealPeriods,
      timeRangeChoice: draft.tolerance,
      partySize: draft.partySize,
      type: 'dining',
      timestamp: Date.now(),
    }),
  )
}
