import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { HotelDraft, ResortDraft } from '~/domain/hotel-drafts'
import { filterRoomTypes, keepFittingSelection, type Party } from '~/domain/room-filter'
import type { RoomTypeJson } from '~/models/catalogue.server'

/** An age not chosen yet counts as a child who needs a bed until it is. */
function partyOf(adults: number, childAges: (number | null)[], accessible: boolean): Party {
  return { adults, childAges: childAges.map((age) => age ?? 1), accessible }
}

/** A resort's room types as a picker shows them: all, those that fit the party, and loading. */
export interface ResortRooms {
  all: RoomTypeJson[]
  fitting: RoomTypeJson[]
  loading: boolean
  failed: boolean
}

/**
 * The room types of the other resorts a form also watches: those the page brought, and the rest
 * asked of /api/resorts/{id}/rooms once, when a row first picks the resort.
 */
function useOtherRooms(initial: Record<string, RoomTypeJson[]>, wanted: readonly string[]) {
  const [known, setKnown] = useState<Record<string, RoomTypeJson[] | 'failed'>>(initial)
  const asked = useRef(new Set<string>())
  const missing = wanted.filter((id) => !(id in known))
  useEffect(() => {
    for (const id of missing) {
      if (asked.current.has(id)) continue
      asked.current.add(id)
      fetch(`/api/resorts/${encodeURIComponent(id)}/rooms`, {
        headers: { Accept: 'application/json' },
      })
        .then((response) => (response.ok ? response.json() : Promise.reject(response)))
        .then(
          (rooms: RoomTypeJson[]) => setKnown((current) => ({ ...current, [id]: rooms })),
          () => setKnown((current) => ({ ...current, [id]: 'failed' })),
        )
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only for new resorts
  }, [missing.join()])
  return known
}

/**
 * The state and rules the hotel page form and the hotel wizard share: picking a resort loads its
 * room types and clears the chosen rooms; changing the party drops rooms that no longer fit, at
 * the form's resort and at the other resorts it also watches.
 */
export function useHotelDraft(
  initial: HotelDraft,
  initialRooms: {
    resortId: string | null
    rooms: RoomTypeJson[]
    /** The other resorts' room types the page brought, by resort. */
    otherRooms?: Record<string, RoomTypeJson[]>
  },
  /** A resort's destination: picking the form's resort drops other resorts elsewhere. */
  destinationOf: (resortId: string) => string | undefined = () => undefined,
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
  const party = partyOf(draft.adults, draft.childAges, draft.accessible)
  const fitting = filterRoomTypes(rooms, party)

  const otherRooms = useOtherRooms(
    initialRooms.otherRooms ?? {},
    draft.otherResorts.flatMap((row) => (row.resortId ? [row.resortId] : [])),
  )
  const listOf = (resortId: string | null) => {
    const known = resortId ? otherRooms[resortId] : undefined
    return Array.isArray(known) ? known : undefined
  }
  function roomsOf(resortId: string | null): ResortRooms {
    const known = resortId ? otherRooms[resortId] : undefined
    const all = listOf(resortId) ?? []
    return {
      all,
      fitting: filterRoomTypes(all, party),
      loading: Boolean(resortId) && known === undefined,
      failed: known === 'failed',
    }
  }

  function selectResort(resortId: string | null) {
    const destination = resortId && destinationOf(resortId)
    setDraft((current) => ({
      ...current,
      resortId,
      roomIds: [],
      otherResorts: destination
        ? current.otherResorts.filter(
            (row) =>
              row.resortId !== resortId &&
              (!row.resortId || destinationOf(row.resortId) === destination),
          )
        : current.otherResorts,
    }))
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
      const nextParty = partyOf(merged.adults, merged.childAges, merged.accessible)
      // Rooms not loaded yet are kept: whether they fit is not known.
      const keep = (row: ResortDraft, resortRooms: RoomTypeJson[] | undefined) =>
        resortRooms ? keepFittingSelection(row.roomIds, resortRooms, nextParty) : row.roomIds
      return {
        ...merged,
        roomIds: keep(current, rooms),
        otherResorts: current.otherResorts.map((row) => ({
          ...row,
          roomIds: keep(row, listOf(row.resortId)),
        })),
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
    /** The form's own resort's room types, as a picker shows them. */
    ownRooms: {
      all: rooms,
      fitting,
      loading: roomsLoading,
      failed: roomsFailed,
    } satisfies ResortRooms,
    roomsOf,
  }
}
