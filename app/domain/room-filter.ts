/** The occupancy facts of a room type that decide whether a party fits (catalogue §3). */
export interface RoomCapacity {
  maxOccupancy: number
  maxAdultOccupancy: number
  maxNonAdultOccupancy: number
  maxNonInfantOccupancy: number
  numberOfBedrooms: number
  accessible: boolean
}

export interface Party {
  adults: number
  /** One age per child; 0 is an infant (under 1). */
  childAges: number[]
  accessible: boolean
  /** The least number of bedrooms wanted, when one is asked for. */
  bedrooms?: number | null
}

/** Children under this age are infants and need no bed of their own. */
export const INFANT_AGE_LIMIT = 1

export function countInfants(childAges: number[]): number {
  return childAges.filter((age) => age < INFANT_AGE_LIMIT).length
}

/**
 * A room type stays when every rule of catalogue §5 holds: total, adults, children, guests who
 * are not infants, bedrooms when asked, and accessible exactly as requested.
 */
export function roomFitsParty(room: RoomCapacity, party: Party): boolean {
  const children = party.childAges.length
  const nonInfants = party.adults + children - countInfants(party.childAges)
  return (
    room.maxOccupancy >= party.adults + children &&
    room.maxAdultOccupancy >= party.adults &&
    room.maxNonAdultOccupancy >= children &&
    room.maxNonInfantOccupancy >= nonInfants &&
    (party.bedrooms == null || room.numberOfBedrooms >= party.bedrooms) &&
    room.accessible === party.accessible
  )
}

export function filterRoomTypes<Room extends RoomCapacity>(
  rooms: readonly Room[],
  party: Party,
): Room[] {
  return rooms.filter((room) => roomFitsParty(room, party))
}

/** Selected room types that no longer fit the party are dropped (catalogue §4). */
export function keepFittingSelection<Room extends RoomCapacity & { id: string }>(
  selectedIds: readonly string[],
  rooms: readonly Room[],
  party: Party,
): string[] {
  const fitting = new Set(filterRoomTypes(rooms, party).map((room) => room.id))
  return selectedIds.filter((id) => fitting.has(id))
}
