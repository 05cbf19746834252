import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Insertable, Transaction } from 'kysely'
import { z } from 'zod'
import { resortSlug } from '../app/domain/slug.ts'
import type { DB } from './client.ts'
import type { Database, DestinationId } from './schema.ts'
import { fromExcluded } from './upsert.ts'

const CATALOGUE_DIR = fileURLToPath(new URL('../content/catalogue/', import.meta.url))

const count = z.number().int().min(0)

const roomTypeSchema = z
  .object({
    id: z.uuid(),
    name: z.string().min(1),
    categoryName: z.enum(['Rooms', 'Suites', 'Studios', 'Villas', 'Cabins', 'Campsites']),
    maxOccupancy: count.min(1),
    maxAdultOccupancy: count.min(1),
    maxNonAdultOccupancy: count,
    maxNonInfantOccupancy: count.min(1),
    numberOfBedrooms: count,
    accessible: z.boolean(),
    // Every key Disney's answers list this room under (upstream-disney.md §2.4): WDW answers
    // carry a 1–3 character code, Disneyland answers a numeric room id.
    disneyRoomCodes: z.array(z.string().regex(/^[A-Z0-9]{1,3}$/, 'a Disney room code')),
    disneyRoomIds: z.array(z.string().regex(/^\d+$/, 'a Disney room id')),
  })
  .refine((room) => room.maxAdultOccupancy <= room.maxOccupancy, 'more adults than guests')
  .refine((room) => room.maxNonAdultOccupancy < room.maxOccupancy, 'no place left for an adult')
  .refine((room) => room.maxNonInfantOccupancy <= room.maxOccupancy, 'more non-infants than guests')

const resortSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  disneyIdentifier: z.string().regex(/^\d+$/).nullable(),
  /** Disney's address for the resort's availability call; null for a hotel Disney no longer sells. */
  disneySlug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .nullable(),
  tier: z.enum(['value', 'moderate', 'deluxe', 'deluxe-villa', 'campground']),
  sold: z.boolean().default(true),
  area: z.string().min(1),
  description: z.string().min(40),
  roomTypes: z.array(roomTypeSchema),
})

const restaurantSchema = z.object({
  id: z.string().regex(/^\d+$/, 'a Disney facility id'),
  name: z.string().min(1),
  area: z.string().min(1),
  areaType: z.enum(['theme-park', 'resort', 'district']),
  cuisine: z.string().min(1),
  serviceType: z.enum([
    'table-service',
    'character-dining',
    'signature-dining',
    'dinner-show',
    'lounge',
  ]),
  mealPeriods: z.array(z.enum(['breakfast', 'brunch', 'lunch', 'dinner'])).min(1),
  /** Disney's kind of entity: the group of a dine-res answer that lists it (SOURCES.md). */
  entityType: z.enum(['restaurant', 'dinner-show', 'dining-event']).default('restaurant'),
  /**
   * False once Disney's own dining list no longer has it (SOURCES.md): the row stays, unlisted,
   * so alerts on it keep their restaurant and say so, but no new alert may choose it.
   */
  listedByDisney: z.boolean().default(true),
})

export type CatalogueResort = z.output<typeof resortSchema> & { locationIdentifier: DestinationId }
export type CatalogueRestaurant = z.output<typeof restaurantSchema> & {
  locationIdentifier: DestinationId
}
const DESTINATION_FILES: DestinationId[] = ['disney-world', 'disneyland']

async function readList<Schema extends z.ZodType>(file: string, schema: Schema) {
  const raw: unknown = JSON.parse(await readFile(path.join(CATALOGUE_DIR, file), 'utf8'))
  const result = z.array(schema).safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new Error(`${file}: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  return result.data as z.output<Schema>[]
}

/** The reviewed catalogue files, checked against their schema. */
export async function readCatalogue() {
  const resorts: CatalogueResort[] = []
  const restaurants: CatalogueRestaurant[] = []
  for (const locationIdentifier of DESTINATION_FILES) {
    for (const resort of await readList(`hotels.${locationIdentifier}.json`, resortSchema)) {
      resorts.push({ ...resort, locationIdentifier })
    }
    for (const restaurant of await readList(
      `dining.${locationIdentifier}.json`,
      restaurantSchema,
    )) {
      restaurants.push({ ...restaurant, locationIdentifier })
    }
  }
  return { resorts, restaurants }
}

/**
 * Lists exactly `rows` in a catalogue table, upserted by id (a row may come unlisted); every
 * other row is unlisted.
 */
async function relist(
  trx: Transaction<Database>,
  table: 'resorts' | 'roomTypes' | 'diningLocations',
  rows:
    | Insertable<Database['resorts']>[]
    | Insertable<Database['roomTypes']>[]
    | Insertable<Database['diningLocations']>[],
) {
  await trx.updateTable(table).set({ listed: false }).execute()
  const listed = rows.map((row) => ({ listed: true, ...row }))
  if (listed.length === 0) return
  await trx
    .insertInto(table)
    .values(listed)
    .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(listed[0]!)))
    .execute()
}

/**
 * Loads the catalogue idempotently: rows are upserted by their ids, and rows no longer in the
 * files are unlisted rather than deleted, so no alert ever loses the row it points at.
 */
export async function seedCatalogue(db: DB) {
  const { resorts, restaurants } = await readCatalogue()
  const roomTypes = resorts.flatMap((resort) =>
    resort.roomTypes.map((room, index) => ({ ...room, resortId: resort.id, sortOrder: index })),
  )

  // The files' fields are the tables' columns, but for the few named here.
  await db.transaction().execute(async (trx) => {
    await relist(
      trx,
      'resorts',
      resorts.map(({ roomTypes: _, ...resort }) => ({ ...resort, slug: resortSlug(resort.name) })),
    )
    await relist(trx, 'roomTypes', roomTypes)
    await relist(
      trx,
      'diningLocations',
      // Disney's entity type only tells the simulator how to lay out an answer; it is not stored.
      restaurants.map(({ locationIdentifier, entityType: _, listedByDisney, ...restaurant }) => ({
        ...restaurant,
        resortLocationIdentifier: locationIdentifier,
        listed: listedByDisney,
      })),
    )
  })
  return { resorts: resorts.length, roomTypes: roomTypes.length, restaurants: restaurants.length }
}
