/**
 * Hotel alerts in the API's JSON: the body it takes today, and what it answers in today's shape
 * and the flexible one, for the tests of the schemas and of reading that JSON into one shape
 * (alert-shape.ts) and into words (alert-words.ts).
 */
import type { HotelAlertJsonShape } from '~/domain/alert-shape'

/** Today's body (docs/api.md): one resort, one stay, a room type named twice. */
export const TODAYS_HOTEL_BODY = {
  resortId: 'pop-century',
  checkInDate: '2026-12-03',
  checkOutDate: '2026-12-07',
  numberOfAdults: 2,
  agesOfChildren: [7, 0],
  accessible: false,
  roomIds: ['a', 'b', 'a'],
}

const RESORT_NAMES = {
  pop: "Disney's Pop Century Resort",
  poly: "Disney's Polynesian Village Resort",
  bc: "Disney's Beach Club Resort",
}
type ResortKey = keyof typeof RESORT_NAMES

const resortOfJson = (id: ResortKey) => ({
  id,
  name: RESORT_NAMES[id],
  resortLocation: { identifier: 'disney-world' as const },
})

export const PARTY = {
  numberOfAdults: 2,
  agesOfChildren: [7],
  accessible: false,
  keepWatching: true,
}

/** Today's shape: a Standard Room at Pop Century, four nights from Jun 8, 2027. */
export const EXACT_HOTEL_JSON = {
  resort: resortOfJson('pop'),
  roomIds: ['r1'],
  rooms: [{ id: 'r1', name: 'Standard Room' }],
  checkInDate: '2027-06-08',
  checkOutDate: '2027-06-12',
  splitStays: false,
  ...PARTY,
} satisfies HotelAlertJsonShape

/** A resort of the flexible shape: the room types chosen there, or any. */
export function resortChoice(id: ResortKey, rooms: { id: string; name: string }[] | 'any') {
  return {
    resortId: id,
    resort: resortOfJson(id),
    roomIds: rooms === 'any' ? ('any' as const) : rooms.map((room) => room.id),
    rooms: rooms === 'any' ? [] : rooms,
  }
}
