import { describe, expect, it } from 'vitest'
import {
  filterRoomTypes,
  keepFittingSelection,
  roomFitsParty,
  type RoomCapacity,
} from './room-filter'
import { STANDARD_ROOM } from '../../tests/support/rooms.ts'

const standard = STANDARD_ROOM
const accessibleStandard = { ...standard, accessible: true }
const twoBedroomVilla: RoomCapacity = {
  maxOccupancy: 9,
  maxAdultOccupancy: 8,
  maxNonAdultOccupancy: 8,
  maxNonInfantOccupancy: 8,
  numberOfBedrooms: 2,
  accessible: false,
}
const party = (
  adults: number,
  childAges: number[] = [],
  extra: { accessible?: boolean; bedrooms?: number } = {},
) => ({
  adults,
  childAges,
  accessible: extra.accessible ?? false,
  bedrooms: extra.bedrooms,
})

describe('roomFitsParty', () => {
  it('keeps a room the whole party fits in', () => {
    expect(roomFitsParty(standard, party(2, [5, 8]))).toBe(true)
  })

  it('drops a room when the party is larger than its total occupancy', () => {
    expect(roomFitsParty(standard, party(2, [0, 4, 6, 9]))).toBe(false)
  })

  it('drops a room with too few places for adults', () => {
    expect(roomFitsParty({ ...standard, maxAdultOccupancy: 2 }, party(3))).toBe(false)
  })

  it('drops a room with too few places for children', () => {
    expect(roomFitsParty({ ...standard, maxNonAdultOccupancy: 1 }, party(1, [4, 6]))).toBe(false)
  })

  it('counts an infant toward the total but not toward the guests who need a bed', () => {
    expect(roomFitsParty(standard, party(4, [0]))).toBe(true)
    expect(roomFitsParty(standard, party(4, [1]))).toBe(false)
  })

  it('asks for enough bedrooms only when a count is given', () => {
    expect(roomFitsParty(standard, party(2))).toBe(true)
    expect(roomFitsParty(standard, party(2, [], { bedrooms: 1 }))).toBe(false)
    expect(roomFitsParty(twoBedroomVilla, party(2, [], { bedrooms: 2 }))).toBe(true)
  })

  it('matches accessibility exactly as requested', () => {
    expect(roomFitsParty(accessibleStandard, party(2))).toBe(false)
    expect(roomFitsParty(accessibleStandard, party(2, [], { accessible: true }))).toBe(true)
    expect(roomFitsParty(standard, party(2, [], { accessible: true }))).toBe(false)
  })
})

describe('filterRoomTypes and keepFittingSelection', () => {
  const rooms = [
    { id: 'std', ...standard },
    { id: 'acc', ...accessibleStandard },
    { id: 'villa', ...twoBedroomVilla },
  ]

  it('keeps only the rooms that fit', () => {
    expect(filterRoomTypes(rooms, party(6)).map((room) => room.id)).toEqual(['villa'])
  })

  it('drops selected rooms that no longer fit the party', () => {
    expect(keepFittingSelection(['std', 'villa'], rooms, party(6))).toEqual(['villa'])
    expect(keepFittingSelection(['std', 'villa'], rooms, party(2))).toEqual(['std', 'villa'])
  })
})
