import {
  hotelAlertFields,
  hotelDraftChoices,
  priceCeilingFields,
  type HotelDraft,
} from '~/domain/hotel-drafts'
import { SESSION_KEYS } from '~/domain/storage-keys'

/*
 * A visitor's hotel form, kept in session storage in the specifications' shape (catalogue §"Pending
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
      // Issues 29 and 30's fields as the JSON API names them; the specification's keep theirs.
      ...hotelAlertFields(hotelDraftChoices(draft)),
      ...priceCeilingFields(draft),
      type: 'hotel',
      timestamp: Date.now(),
    }),
  )
}
