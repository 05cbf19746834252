import type { Kysely } from 'kysely'
import type { Database, DestinationId, Resort, RoomType } from '../../db/schema.ts'
import { destinationDisplay } from '~/domain/destinations'
import { once, rowsById } from '~/models/read-once.server'

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
  return once(db, 'resorts', () =>
    db
      .selectFrom('resorts')
      .selectAll()
      .where('listed', '=', true)
      .orderBy('locationIdentifier', 'desc')
      .orderBy('name')
      .execute(),
  )
}

/** The resorts the pickers offer: listed, and sold (Disney takes bookings for them). */
export async function listSoldResorts(db: Executor) {
  return (await listResorts(db)).filter((resort) => resort.sold)
}

/** A resort by id, listed or not: alerts may point at one that has left the catalogue. */
export async function findResort(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined
  return (await resortsById(db, [id])).get(id)
}

/** Resorts and room types by id, listed or not (an alert's resort may have left the catalogue). */
export const resortsById = (db: Executor, ids: readonly string[]) => rowsById(db, 'resorts', ids)
export const roomTypesById = (db: Executor, ids: readonly string[]) =>
  rowsById(db, 'roomTypes', ids)

/** The listed room types of a resort (an id the caller has found, so the lists stay bounded). */
export function listRoomTypes(db: Executor, resortId: string) {
  return once(db, `rooms:${resortId}`, () =>
    db
      .selectFrom('roomTypes')
      .selectAll()
      .where('resortId', '=', resortId)
      .where('listed', '=', true)
      .orderBy('sortOrder')
      .execute(),
  )
}

export function listDiningLocations(db: Executor, locationIdentifier: DestinationId) {
  return once(db, `dining:${locationIdentifier}`, () =>
    db
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
      .execute(),
  )
}

/** The listed resort a per-hotel page's address names (catalogue §2), sold or not. */
export async function findResortPage(db: Executor, locationIdentifier: string, slug: string) {
  const resorts = await listResorts(db)
  const resort = resorts.find(
    (item) => item.locationIdentifier === locationIdentifier && item.slug === slug,
  )
  return resort ? { resort, resorts } : undefined
}

/**
 * The Walt Disney World resorts Disney sells, keyed as its multi-resort answer names them (its
 * facility id) and with the address of each one's room-level call.
 */
export function listWdwResortKeys(db: Executor) {
  return db
    .selectFrom('resorts')
    .select(['id', 'disneyIdentifier', 'disneySlug'])
    .where('locationIdentifier', '=', 'disney-world')
    .where('sold', '=', true)
    .execute()
}
