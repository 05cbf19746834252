import { filterRoomTypes, type Party, type RoomCapacity } from './room-filter'

/** Party limits of the hotel form (catalogue §5 and §9). */
export const HOTEL_PARTY = {
  adults: { min: 1, max: 14, default: 2 },
  children: { min: 0, max: 13, default: 0 },
  age: { min: 0, max: 17 },
} as const

export const HOTEL_MESSAGES = {
  resort: 'Select a resort.',
  dates: 'Choose your check-in and check-out dates.',
  pastDate: 'Dates cannot be in the past.',
  tooFar: 'Dates must be within the next two years.',
  tooLong: 'A stay can be at most 30 nights.',
  checkOutAfterCheckIn: 'Check-out must be after check-in.',
  adults: `Adults must be between ${HOTEL_PARTY.adults.min} and ${HOTEL_PARTY.adults.max}.`,
  children: `Children must be between ${HOTEL_PARTY.children.min} and ${HOTEL_PARTY.children.max}.`,
  ages: 'Select an age for each child.',
  rooms: 'Select at least one room type.',
  keepWatching: 'keepWatching must be true or false.',
  noRoomsForParty:
    'No room types are available for this party size. Please adjust your party size or try a different resort.',
  noRoomsForPartyWizard:
    'No room types are available for this party size. Please adjust your party size before continuing.',
  unknownRooms: 'Some selected room types do not belong to this resort.',
  selectionDoesNotFit:
    'None of the selected room types fits this party. Please choose another room type.',
  wizardIncomplete: 'Please complete all required fields',
  createFailed: 'Failed to create hotel alert. Please try again.',
  updateFailed: 'Failed to update alert. Please try again.',
} as const

/** The required parts of the page form, in the order its summary lists what is missing. */
const REQUIRED_PARTS = [
  ['resort', 'resort'],
  ['dates', 'dates'],
  ['adults', 'at least 1 adult'],
  ['ages', 'ages for all children'],
  ['rooms', 'at least 1 room type'],
] as const
export type HotelPart = (typeof REQUIRED_PARTS)[number][0]

/** "Please complete all required fields: resort, dates." (catalogue §5). */
export function requiredFieldsMessage(missing: readonly HotelPart[]): string | null {
  const items = REQUIRED_PARTS.filter(([part]) => missing.includes(part)).map(([, text]) => text)
  return items.length ? `Please complete all required fields: ${items.join(', ')}.` : null
}

/** Which required parts a draft lacks. */
export function missingHotelParts(draft: {
  resortId?: string | null
  checkInDate?: string | null
  checkOutDate?: string | null
  numberOfAdults?: number | null
  agesOfChildren?: readonly (number | null | undefined)[]
  numberOfChildren?: number | null
  roomIds?: readonly string[]
}): HotelPart[] {
  const missing: HotelPart[] = []
  if (!draft.resortId) missing.push('resort')
  if (!draft.checkInDate || !draft.checkOutDate) missing.push('dates')
  if (!draft.numberOfAdults || draft.numberOfAdults < 1) missing.push('adults')
  const ages = draft.agesOfChildren ?? []
  const children = draft.numberOfChildren ?? ages.length
  if (ages.length < children || ages.some((age) => age === null || age === undefined))
    missing.push('ages')
  if (!draft.roomIds?.length) missing.push('rooms')
  return missing
}

/** The longest stay an alert watches (Disney's own online booking tops out around a month). */
export const MAX_NIGHTS = 30

export function partyOf(alert: {
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
}): Party {
  return {
    adults: alert.numberOfAdults,
    childAges: [...alert.agesOfChildren],
    accessible: alert.accessible,
  }
}

/**
 * Checks the chosen room types against the resort's own list and the party: ids of another
 * resort are refused, rooms that no longer fit are dropped, and at least one must remain.
 */
export function resolveRoomSelection<Room extends RoomCapacity & { id: string }>(
  selectedIds: readonly string[],
  resortRooms: readonly Room[],
  party: Party,
): { ok: true; roomIds: string[] } | { ok: false; message: string } {
  const known = new Set(resortRooms.map((room) => room.id))
  if (selectedIds.some((id) => !known.has(id)))
    return { ok: false, message: HOTEL_MESSAGES.unknownRooms }
  const fitting = new Set(filterRoomTypes(resortRooms, party).map((room) => room.id))
  if (fitting.size === 0) return { ok: false, message: HOTEL_MESSAGES.noRoomsForParty }
  const roomIds = selectedIds.filter((id) => fitting.has(id))
  if (roomIds.length === 0) return { ok: false, message: HOTEL_MESSAGES.selectionDoesNotFit }
  return { ok: true, roomIds }
}

function lowerFirst(key: string) {
  return key.charAt(0).toLowerCase() + key.slice(1)
}

function lowerKeys(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [lowerFirst(key), value]))
}

function idOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  return record.id ?? record.Id
}

/**
 * The hotel payloads of the contract: create sends camelCase with resort and room objects,
 * update may send capitalised names (Id, Resort, CheckInDate, Resorts[].ResortId, …). Both
 * become one shape.
 */
export function normalizeHotelPayload(body: Record<string, unknown>): Record<string, unknown> {
  const payload = lowerKeys(body)
  // Several resorts come capitalised too ({ ResortId, RoomIds }).
  if (Array.isArray(payload.resorts))
    payload.resorts = payload.resorts.map((choice: unknown) =>
      choice && typeof choice === 'object' && !Array.isArray(choice)
        ? lowerKeys(choice as Record<string, unknown>)
        : choice,
    )
  payload.resortId ??= idOf(payload.resort)
  if (payload.roomIds === undefined && Array.isArray(payload.rooms))
    payload.roomIds = payload.rooms.map(idOf)
  return payload
}
