import * as z from 'zod/mini'
import { refuse } from './schema'
import { beyondHorizon, isIsoDate, nightsBetween } from './dates'
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
  noRoomsForParty:
    'No room types are available for this party size. Please adjust your party size or try a different resort.',
  noRoomsForPartyWizard:
    'No room types are available for this party size. Please adjust your party size before continuing.',
  unknownRooms: 'Some selected room types do not belong to this resort.',
  selectionDoesNotFit:
    'None of the selected room types fits this party. Please choose another room type.',
  wizardIncomplete: 'Please complete all required fields',
  createFailed: 'Failed to create hotel alert. Please try again.',
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

const isoDate = z
  .string({ error: HOTEL_MESSAGES.dates })
  .check(z.refine(isIsoDate, HOTEL_MESSAGES.dates))
// Strict: the page form's Conform parse and the wizard give numbers; a JSON client must too.
const wholeNumber = (message: string, range: { min: number; max: number }) =>
  z.int({ error: message }).check(z.gte(range.min, message), z.lte(range.max, message))
/** The longest stay an alert watches (Disney's own online booking tops out around a month). */
export const MAX_NIGHTS = 30

/**
 * A hotel alert as the page form, the wizard and the JSON API send it. One schema for all
 * three; `today` is the resort destination's date, so "the past" means the past there.
 */
export function hotelAlertSchema(today: string) {
  const fields = z
    .object({
      resortId: z
        .string({ error: HOTEL_MESSAGES.resort })
        .check(z.trim(), z.minLength(1, HOTEL_MESSAGES.resort)),
      checkInDate: isoDate,
      checkOutDate: isoDate,
      numberOfAdults: wholeNumber(HOTEL_MESSAGES.adults, HOTEL_PARTY.adults),
      agesOfChildren: z._default(
        z
          .array(wholeNumber(HOTEL_MESSAGES.ages, HOTEL_PARTY.age), { error: HOTEL_MESSAGES.ages })
          .check(z.maxLength(HOTEL_PARTY.children.max, HOTEL_MESSAGES.children)),
        [],
      ),
      numberOfChildren: z.optional(wholeNumber(HOTEL_MESSAGES.children, HOTEL_PARTY.children)),
      accessible: z.pipe(
        z.optional(z.boolean({ error: 'accessible must be true or false.' })),
        z.transform((value) => value === true),
      ),
      roomIds: z.pipe(
        z
          .array(z.string().check(z.trim(), z.minLength(1)), { error: HOTEL_MESSAGES.rooms })
          .check(z.minLength(1, HOTEL_MESSAGES.rooms), z.maxLength(100, HOTEL_MESSAGES.rooms)),
        z.transform((ids) => [...new Set(ids)]),
      ),
    })
    .check(
      z.superRefine((alert, ctx) => {
        if (!isIsoDate(alert.checkInDate) || !isIsoDate(alert.checkOutDate)) return
        if (alert.checkInDate < today || alert.checkOutDate < today) {
          ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: HOTEL_MESSAGES.pastDate })
        } else if (alert.checkOutDate <= alert.checkInDate) {
          ctx.addIssue({
            code: 'custom',
            path: ['checkOutDate'],
            message: HOTEL_MESSAGES.checkOutAfterCheckIn,
          })
        } else if (beyondHorizon(alert.checkInDate, today)) {
          ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: HOTEL_MESSAGES.tooFar })
        } else if (nightsBetween(alert.checkInDate, alert.checkOutDate) > MAX_NIGHTS) {
          ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: HOTEL_MESSAGES.tooLong })
        }
        if (
          alert.numberOfChildren !== undefined &&
          alert.numberOfChildren !== alert.agesOfChildren.length
        ) {
          ctx.addIssue({ code: 'custom', path: ['agesOfChildren'], message: HOTEL_MESSAGES.ages })
        }
      }),
    )
  return z.pipe(
    fields,
    z.transform(({ numberOfChildren: _count, ...alert }: z.output<typeof fields>) => alert),
  )
}
export type HotelAlertInput = z.output<ReturnType<typeof hotelAlertSchema>>

export function partyOf(
  alert: Pick<HotelAlertInput, 'numberOfAdults' | 'agesOfChildren' | 'accessible'>,
): Party {
  return {
    adults: alert.numberOfAdults,
    childAges: alert.agesOfChildren,
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

function idOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  return record.id ?? record.Id
}

/**
 * The hotel payloads of the contract: create sends camelCase with resort and room objects,
 * update may send capitalised names (Id, Resort, CheckInDate, …). Both become one shape.
 */
export function normalizeHotelPayload(body: Record<string, unknown>): Record<string, unknown> {
  const payload = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [lowerFirst(key), value]),
  )
  payload.resortId ??= idOf(payload.resort)
  if (payload.roomIds === undefined && Array.isArray(payload.rooms))
    payload.roomIds = payload.rooms.map(idOf)
  return payload
}

/**
 * The page form (/alerts/hotels), checked the same way in the browser and on the server: first
 * the summary of what is missing, then the rules of every field.
 */
export function hotelPageSchema(today: string) {
  return z.pipe(
    z
      .object({
        resortId: z.optional(z.string()),
        checkInDate: z.optional(z.string()),
        checkOutDate: z.optional(z.string()),
        numberOfAdults: z.optional(z.number({ error: HOTEL_MESSAGES.adults })),
        numberOfChildren: z.optional(z.number({ error: HOTEL_MESSAGES.children })),
        agesOfChildren: z.optional(
          z.array(z.optional(z.nullable(z.number({ error: HOTEL_MESSAGES.ages })))),
        ),
        accessible: z.optional(z.boolean()),
        roomIds: z.optional(z.array(z.string())),
      })
      .check(
        z.superRefine((draft, ctx) => {
          const message = requiredFieldsMessage(missingHotelParts(draft))
          if (message) ctx.addIssue({ code: 'custom', path: [], message })
        }),
      ),
    z.transform((draft, payload) => {
      const result = hotelAlertSchema(today).safeParse(draft)
      if (result.success) return result.data
      for (const issue of result.error.issues) refuse(payload, issue.message, issue.path)
      return z.NEVER
    }),
  )
}
