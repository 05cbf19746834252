import type { RoomCapacity } from '~/domain/room-filter'

/** A value-resort room: 4 guests aged 3+, plus one more if that one is an infant. */
export const STANDARD_ROOM: RoomCapacity = {
  maxOccupancy: 5,
  maxAdultOccupancy: 4,
  maxNonAdultOccupancy: 4,
  maxNonInfantOccupancy: 4,
  numberOfBedrooms: 0,
  accessible: false,
}
