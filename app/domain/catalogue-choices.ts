import { destinationDisplay, type DestinationId } from './destinations'

/** A resort or restaurant as the pickers list it. */
export interface CatalogueChoice {
  id: string
  name: string
  detail: string
  locationIdentifier: DestinationId
}

interface Choosable {
  id: string
  name: string
  area: string
  locationIdentifier: DestinationId
}

export function toCatalogueChoice(item: Choosable): CatalogueChoice {
  return {
    id: item.id,
    name: item.name,
    detail: `${destinationDisplay(item.locationIdentifier)} · ${item.area}`,
    locationIdentifier: item.locationIdentifier,
  }
}

/** The fields of a resort of GET /api/resorts that the pickers read. */
export interface ResortAnswer {
  id: string
  name: string
  area: string
  sold: boolean
  resortLocation: { identifier: DestinationId }
}

/** The fields of a restaurant of GET /api/resorts/{group}/dining-locations that the pickers read. */
export interface RestaurantAnswer {
  id: string
  name: string
  area: string
  resortLocationIdentifier: DestinationId
}

/** The hotel wizard's resorts from GET /api/resorts: the sold ones, in the answer's order. */
export function resortChoicesFrom(resorts: readonly ResortAnswer[]): CatalogueChoice[] {
  return resorts
    .filter((resort) => resort.sold)
    .map((resort) =>
      toCatalogueChoice({ ...resort, locationIdentifier: resort.resortLocation.identifier }),
    )
}

/**
 * The dining wizard's restaurants: the answers of both destinations merged and sorted by name; a
 * destination whose call failed counts as none (catalogue §7).
 */
export function restaurantChoicesFrom(
  answers: readonly (readonly RestaurantAnswer[] | undefined)[],
): CatalogueChoice[] {
  return answers
    .flatMap((answer) => answer ?? [])
    .map((restaurant) =>
      toCatalogueChoice({ ...restaurant, locationIdentifier: restaurant.resortLocationIdentifier }),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
}
