import { describe, expect, it } from 'vitest'
import {
  openRoomTypes,
  knownKeysOf,
  roomCarriesKeys,
  unmatchedRooms,
  type AnswerRoom,
} from './room-keys.ts'

const open = (roomId: string, code: string | null): AnswerRoom => ({
  roomId,
  code,
  bookable: true,
  reason: null,
})
const closed = (roomId: string, code: string | null, reason = 'INVENTORY_UNAVAILABLE') => ({
  roomId,
  code,
  bookable: false,
  reason,
})

const studio = { name: 'Deluxe Studio', disneyRoomCodes: ['2A'], disneyRoomIds: [] }
const cabin = { name: 'Cabin', disneyRoomCodes: ['2K'], disneyRoomIds: [] }
const club = { name: 'Club', disneyRoomCodes: [], disneyRoomIds: ['13874696', '19172023'] }

describe('matching a room of an answer', () => {
  it('matches by any of the room type’s codes or ids', () => {
    expect(roomCarriesKeys(open('1', '2A'), studio)).toBe(true)
    expect(roomCarriesKeys(open('19172023', null), club)).toBe(true)
    expect(roomCarriesKeys(open('2', '2B'), studio)).toBe(false)
    expect(roomCarriesKeys(open('13874700', null), club)).toBe(false)
  })

  it('gives the chosen room types that are bookable, in the alert’s order, never a closed one', () => {
    const answer = [closed('1', '2A'), open('2', '2K'), open('3', 'JB')]
    expect(openRoomTypes(answer, [studio, cabin])).toEqual([cabin])
    expect(openRoomTypes(answer, [studio])).toEqual([])
    expect(openRoomTypes([open('1', '2A'), open('2', '2K')], [cabin, studio])).toEqual([
      cabin,
      studio,
    ])
    expect(openRoomTypes([open('1', '2A'), open('2', '2K')], [studio, cabin])).toEqual([
      studio,
      cabin,
    ])
  })

  it('ignores rooms of other resorts of a complex', () => {
    // Copper Creek's answer lists Wilderness Lodge rooms too: they open nothing for Copper Creek.
    expect(openRoomTypes([open('9', 'JB'), open('10', 'XA')], [studio, cabin])).toEqual([])
  })
})

describe('catalogue drift', () => {
  const known = knownKeysOf([studio, cabin, club])

  it('lists rooms no room type at the address carries, by code where there is one', () => {
    expect(
      unmatchedRooms(
        [open('1', '2A'), closed('55', 'ZZ9', 'LOS_RESTRICTION'), open('13874696', null)],
        known,
      ),
    ).toEqual([
      {
        keyKind: 'code',
        disneyKey: 'ZZ9',
        description: 'room id 55, unavailable (LOS_RESTRICTION)',
      },
    ])
    expect(unmatchedRooms([open('777', null)], known)).toEqual([
      { keyKind: 'id', disneyKey: '777', description: 'bookable' },
    ])
  })

  it('knows a room by its id even when its code is new', () => {
    expect(unmatchedRooms([open('19172023', 'Q9')], known)).toEqual([])
  })
})
