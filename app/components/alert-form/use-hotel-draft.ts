import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { HotelDraft } from '~/domain/alert-drafts'
import { filterRoomTypes, keepFittingSelection } from '~/domain/room-filter'
import type { RoomTypeJson } from '~/models/catalogue.server'

/** An age not chosen yet counts as a child who needs a bed until it is. */
function partyOf(adults: number, childAges: (number | null)[], accessible: boolean) {
  return { adults, childAges: childAges.map((age) => age ?? 1), accessible }
}

/**
 * The state and rules the hotel page form and the hotel wizard share: picking a resort loads its
 * room types and clears the chosen rooms; changing the party drops rooms that no longer fit.
 */
export function useHotelDraft(
  initial: HotelDraft,
  initialRooms: { resortId: string | null; rooms: RoomTypeJson[] },
) {
  const [draft, setDraft] = useState(initial)
  const roomsFetcher = useFetcher<RoomTypeJson[] | { message: string }>()
  // A draft that starts on a resort the caller has no rooms for (a wizard editing an alert) loads them.
  const [requested, setRequested] = useState<string | null>(
    initial.resortId && initial.resortId !== initialRooms.resortId ? initial.resortId : null,
  )
  useEffect(() => {
    if (requested) roomsFetcher.load(`/api/resorts/${requested}/rooms`)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the resort the draft started on
  }, [])

  const fetched =
    requested === draft.resortId && Array.isArray(roomsFetcher.data) ? roomsFetcher.data : []
  const rooms =
    draft.resortId && draft.resortId === initialRooms.resortId && !requested
      ? initialRooms.rooms
      : fetched
  const roomsLoading = Boolean(requested) && roomsFetcher.state === 'loading'
  const roomsFailed =
    Boolean(requested) &&
    roomsFetcher.state === 'idle' &&
    roomsFetcher.data !== undefined &&
    !Array.isArray(roomsFetcher.data)
  const fitting = filterRoomTypes(rooms, partyOf(draft.adults, draft.childAges, draft.accessible))

  function selectResort(resortId: string | null) {
    setDraft((current) => ({ ...current, resortId, roomIds: [] }))
    if (resortId && resortId === initialRooms.resortId) {
      setRequested(null)
    } else if (resortId) {
      setRequested(resortId)
      roomsFetcher.load(`/api/resorts/${resortId}/rooms`)
    }
  }

  function changeParty(next: {
    adults?: number
    childAges?: (number | null)[]
    accessible?: boolean
  }) {
    setDraft((current) => {
      const merged = { ...current, ...next }
      return {
        ...merged,
        roomIds: keepFittingSelection(
          current.roomIds,
          rooms,
          partyOf(merged.adults, merged.childAges, merged.accessible),
        ),
      }
    })
  }

  return {
    draft,
    update: (changes: Partial<HotelDraft>) => setDraft((current) => ({ ...current, ...changes })),
    selectResort,
    changeParty,
    rooms,
    fitting,
    roomsLoading,
    roomsFailed,
  }
}
