import type { DiningDraft, HotelDraft } from '~/domain/alert-drafts'
import { SESSION_KEYS } from '~/domain/storage-keys'

/*
 * A visitor's form, kept in session storage in the specifications' shape (catalogue §"Pending
 * dining alert", accounts §"Browser storage") as the page posts it to log in. The server keeps
 * its own copy; this one is for the browser's side of the contract.
 */

export function rememberHotelDraft(resort: { id: string; name: string }, draft: HotelDraft) {
  sessionStorage.setItem(
    SESSION_KEYS.pendingHotelAlert,
    JSON.stringify({
      selectedResort: { id: resort.id, name: resort.name },
      dateRange: { from: draft.checkInDate, to: draft.checkOutDate },
      adults: draft.adults,
      children: draft.childAges.length,
      childrenAges: draft.childAges,
      accessibleRooms: draft.accessible,
      selectedRoomTypes: draft.roomIds,
      keepWatching: draft.keepWatching,
      type: 'hotel',
      timestamp: Date.now(),
    }),
  )
}

export function rememberDiningDraft(
  draft: DiningDraft,
  restaurants: readonly { id: string; name: string }[],
) {
  const restaurant = restaurants.find((item) => item.id === draft.diningLocationId)
  sessionStorage.setItem(
    SESSION_KEYS.pendingDiningAlert,
    JSON.stringify({
      locationId: draft.diningLocationId,
      locationName: restaurant?.name,
      resortLocationIdentifier: draft.resortLocationIdentifier,
      reserveDate: draft.reserveDate,
      timeSelection: draft.timeChoice === 'time' ? draft.specificTime : draft.timeChoice,
      timeRangeChoice: draft.tolerance,
      partySize: draft.partySize,
      type: 'dining',
      timestamp: Date.now(),
    }),
  )
}
