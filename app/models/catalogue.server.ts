import type { Kysely } from 'kysely'
import type { Database, DestinationId, Resort, RoomType } from '../../db/schema.ts'
import { destinationDisplay } from '~/domain/destinations'

type Executor = Kysely<Database>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The Resort of the catalogue contract (catalogue §3). */
export function toResortJson(resort: Resort) {
  return {
    id: resort.id,
    name: resort.name,
    slug: resort.slug,
    disneyIdentifier: resort.disneyIdentifier,
    tier: resort.tier,
    area: resort.area,
    sold: resort.sold,
    resortLocation: {
      identifier: resort.locationIdentifier,
      display: destinationDisplay(resort.locationIdentifier),
    },
  }
}
export type ResortJson = ReturnType<typeof toResortJson>

/** A resort as the resort pickers list it. */
export function toResortChoice(resort: Resort) {
  return {
    id: resort.id,
    name: resort.name,
    detail: `${destinationDisplay(resort.locationIdentifier)} · ${resort.area}`,
    locationIdentifier: resort.locationIdentifier,
  }
}

export function toRoomTypeJson(room: RoomType) {
  return {
    id: room.id,
    name: room.name,
    categoryName: room.categoryName,
    maxOccupancy: room.maxOccupancy,
    maxAdultOccupancy: room.maxAdultOccupancy,
    maxNonAdultOccupancy: room.maxNonAdultOccupancy,
    maxNonInfantOccupancy: room.maxNonInfantOccupancy,
    accessible: room.accessible,
    numberOfBedrooms: room.numberOfBedrooms,
  }
}
export type RoomTypeJson = ReturnType<typeof toRoomTypeJson>

/** Listed resorts, Walt Disney World first, then by name. */
export function listResorts(db: Executor) {
  return db
    .selectFrom('resorts')
    .selectAll()
    .where('listed', '=', true)
    .orderBy('locationIdentifier', 'desc')
    .orderBy('name')
    .execute()
}

/** The resorts the pickers offer: listed, and sold (Disney takes bookings for them). */
export async function listSoldResorts(db: Executor) {
  return (await listResorts(db)).filter((resort) => resort.sold)
}

/** A resort by id, listed or not: alerts may point at one that has left the catalogue. */
export function findResort(db: Executor, id: string) {
  if (!UUID.test(id)) return Promise.resolve(undefined)
  return db.selectFrom('resorts').selectAll().where('id', '=', id).executeTakeFirst()
}

export function listRoomTypes(db: Executor, resortId: string) {
  return db
    .selectFrom('roomTypes')
    .selectAll()
    .where('resortId', '=', resortId)
    .where('listed', '=', true)
    .orderBy('sortOrder')
    .execute()
}

/** Every listed restaurant of both destinations, by name, as the dashboard's picker lists them. */
export async function restaurantChoices(db: Executor) {
  const [world, land] = await Promise.all([
    listDiningLocations(db, 'disney-world'),
    listDiningLocations(db, 'disneyland'),
  ])
  return [...world, ...land]
    .map((restaurant) => ({
      id: restaurant.id,
      name: restaurant.name,
      detail: `${destinationDisplay(restaurant.resortLocationIdentifier)} · ${restaurant.area}`,
      locationIdentifier: restaurant.resortLocationIdentifier,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

export function listDiningLocations(db: Executor, locationIdentifier: DestinationId) {
  return db
    .selectFrom('diningLocations')
    .select([
      'id',
      'name',
      'resortLocationIdentifier',
      'area',
      'cuisine',
      'serviceType',
      'mealPeriods',
    ])
    .where('resortLocationIdentifier', '=', locationIdentifier)
    .where('listed', '=', true)
    .orderBy('name')
    .execute()
}

/** The listed resort a per-hotel page's address names (catalogue §2), sold or not. */
export async function findResortPage(db: Executor, locationIdentifier: string, slug: string) {
  const resorts = await listResorts(db)
  const resort = resorts.find(
    (item) => item.locationIdentifier === locationIdentifier && item.slug === slug,
  )
  return resort ? { resort, resorts } : undefined
}
