import { nightsBetween } from './dates.ts'
import type { RoomPrice } from './prices.ts'

/**
 * How Disney's answers are matched to our catalogue. Disney lists a room under its own keys:
 * Walt Disney World by a 1–3 character room code, Disneyland Resort by numeric room ids, one
 * room type of ours sometimes under several. An answer may cover a whole complex (Copper Creek's
 * lists every Wilderness Lodge room), so a room is an opening for an alert only when it carries
 * a key of a room type the alert chose; a room no resort at that address knows is drift.
 */

export type RoomKeyKind = 'code' | 'id'

/** The keys one of our room types is listed under. */
export interface RoomKeys {
  disneyRoomCodes: readonly string[]
  disneyRoomIds: readonly string[]
}

/** A room of Disney's answer: its numeric id, its code where the answer gives one, its state. */
export interface AnswerRoom {
  roomId: string
  code: string | null
  bookable: boolean
  /** Disney's reason code when the room cannot be booked (e.g. INVENTORY_UNAVAILABLE). */
  reason: string | null
  /** Its price for the stay when it is bookable and Disney priced it (issue 30). */
  price?: RoomPrice | null
}

export function roomCarriesKeys(room: AnswerRoom, keys: RoomKeys): boolean {
  return (
    keys.disneyRoomIds.includes(room.roomId) ||
    (room.code !== null && keys.disneyRoomCodes.includes(room.code))
  )
}

/** The alert's room types (in the alert's order) that the answer has bookable. */
export function openRoomTypes<T extends RoomKeys>(
  answer: readonly AnswerRoom[],
  chosen: readonly T[],
): T[] {
  const open = answer.filter((room) => room.bookable)
  return chosen.filter((roomType) => open.some((room) => roomCarriesKeys(room, roomType)))
}

/** Every key known at one address: its resorts' room types and the admin's mappings. */
export interface KnownKeys {
  codes: ReadonlySet<string>
  ids: ReadonlySet<string>
}

export function knownKeysOf(roomTypes: readonly RoomKeys[]): KnownKeys {
  return {
    codes: new Set(roomTypes.flatMap((room) => room.disneyRoomCodes)),
    ids: new Set(roomTypes.flatMap((room) => room.disneyRoomIds)),
  }
}

/** A room of an answer that matched nothing we know, keyed as an admin would map it. */
export interface UnmatchedRoom {
  keyKind: RoomKeyKind
  disneyKey: string
  description: string
}

/**
 * The rooms of an answer that no room type at the address carries. A room with a code is keyed
 * by its code (WDW lists by code); one without, by its id (Disneyland).
 */
export function unmatchedRooms(answer: readonly AnswerRoom[], known: KnownKeys): UnmatchedRoom[] {
  return answer
    .filter(
      (room) => !known.ids.has(room.roomId) && (room.code === null || !known.codes.has(room.code)),
    )
    .map((room) => {
      const state = room.bookable ? 'bookable' : `unavailable (${room.reason ?? 'no reason given'})`
      return room.code === null
        ? { keyKind: 'id', disneyKey: room.roomId, description: state }
        : { keyKind: 'code', disneyKey: room.code, description: `room id ${room.roomId}, ${state}` }
    })
}

/**
 * Disney sells rooms at least this many days ahead at both destinations (DVCalc saw Walt Disney
 * World answer 200 at 138 days and 404 from about 451 days). A 404 for a stay further out than
 * this is read as "not bookable yet", never as a fault or as sold out (docs/decisions/0007-disney-answers.md).
 */
export const SURELY_BOOKABLE_DAYS = 300

export function beyondSurelyBookable(checkInDate: string, today: string): boolean {
  return nightsBetween(today, checkInDate) > SURELY_BOOKABLE_DAYS
}
