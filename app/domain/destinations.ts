/** The two destinations the product watches, as the specifications name them. */
export const DESTINATIONS = [
  {
    identifier: 'disney-world',
    display: 'Walt Disney World',
    shortName: 'WDW',
    timeZone: 'America/New_York',
  },
  {
    identifier: 'disneyland',
    display: 'Disneyland Resort',
    shortName: 'DLR',
    timeZone: 'America/Los_Angeles',
  },
] as const

export type DestinationId = (typeof DESTINATIONS)[number]['identifier']

/** Reads a destination from its identifier or short name (WDW, DLR), in any case. */
export function findDestination(value: string | undefined | null) {
  const wanted = value?.trim().toLowerCase()
  return DESTINATIONS.find(
    (destination) =>
      destination.identifier === wanted || destination.shortName.toLowerCase() === wanted,
  )
}

export function destinationDisplay(identifier: DestinationId): string {
  return DESTINATIONS.find((destination) => destination.identifier === identifier)!.display
}
