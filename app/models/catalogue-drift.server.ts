import { sql, type Kysely } from 'kysely'
import type { Database, DestinationId, RoomKeyKind } from '../../db/schema.ts'
import { knownKeysOf, type KnownKeys } from '~/domain/room-keys'

type Executor = Kysely<Database>

/** Dining drift is kept per destination, not per resort: one answer lists every venue. */
export const DINING_ADDRESS = 'dining'

/** One thing an answer listed that matched nothing of ours, with how often it was seen. */
export interface UnmatchedSighting {
  locationIdentifier: DestinationId
  address: string
  keyKind: RoomKeyKind | 'venue'
  disneyKey: string
  description: string
  times: number
}

/**
 * Adds sightings to the drift counts in one statement. A key mapped by an admin in the meantime
 * is not counted again.
 */
export async function recordUnmatched(db: Executor, sightings: readonly UnmatchedSighting[]) {
  if (sightings.length === 0) return
  await sql`
    insert into unmatched_answer_keys as u
      (location_identifier, address, key_kind, disney_key, description, times_seen, first_seen_at, last_seen_at)
    select v.location_identifier, v.address, v.key_kind, v.disney_key, v.description, v.times, now(), now()
    from unnest(
      ${sightings.map((s) => s.locationIdentifier)}::text[], ${sightings.map((s) => s.address)}::text[],
      ${sightings.map((s) => s.keyKind)}::text[], ${sightings.map((s) => s.disneyKey)}::text[],
      ${sightings.map((s) => s.description)}::text[], ${sightings.map((s) => s.times)}::bigint[]
    ) as v(location_identifier, address, key_kind, disney_key, description, times)
    where not exists (
      select 1 from room_key_mappings m
      where m.location_identifier = v.location_identifier and m.disney_slug = v.address
        and m.key_kind = v.key_kind and m.disney_key = v.disney_key)
    on conflict (location_identifier, address, key_kind, disney_key) do update set
      times_seen = u.times_seen + excluded.times_seen,
      description = excluded.description,
      last_seen_at = excluded.last_seen_at
  `.execute(db)
}

/**
 * Every Disney room key known at each destination: its room types' keys, listed or not, and the
 * admin's mappings. Known destination-wide, not per address: an answer for one address lists the
 * rooms of its whole complex (Copper Creek's has the Wilderness Lodge's), which are not drift.
 */
export async function knownRoomKeys(db: Executor): Promise<Map<DestinationId, KnownKeys>> {
  const [rooms, mappings] = await Promise.all([
    db
      .selectFrom('roomTypes')
      .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
      .select([
        'resorts.locationIdentifier',
        'roomTypes.disneyRoomCodes',
        'roomTypes.disneyRoomIds',
      ])
      .execute(),
    db
      .selectFrom('roomKeyMappings')
      .select(['locationIdentifier', 'keyKind', 'disneyKey'])
      .execute(),
  ])
  const keys = new Map<DestinationId, { disneyRoomCodes: string[]; disneyRoomIds: string[] }[]>()
  const add = (
    destination: DestinationId,
    room: { disneyRoomCodes: string[]; disneyRoomIds: string[] },
  ) => keys.set(destination, [...(keys.get(destination) ?? []), room])
  for (const room of rooms) add(room.locationIdentifier, room)
  for (const mapping of mappings) {
    add(mapping.locationIdentifier, {
      disneyRoomCodes: mapping.keyKind === 'code' ? [mapping.disneyKey] : [],
      disneyRoomIds: mapping.keyKind === 'id' ? [mapping.disneyKey] : [],
    })
  }
  return new Map([...keys].map(([destination, rooms]) => [destination, knownKeysOf(rooms)]))
}

/**
 * The dining catalogue's venue ids at each destination, each with whether it is listed. Only a
 * listed venue is known to drift: one we mark as no longer listed by Disney that Disney answers
 * again is drift too, so an admin sees it came back and relists it.
 */
export async function catalogueVenues(
  db: Executor,
): Promise<Map<DestinationId, Map<string, boolean>>> {
  const rows = await db
    .selectFrom('diningLocations')
    .select(['id', 'resortLocationIdentifier', 'listed'])
    .execute()
  const byDestination = new Map<DestinationId, Map<string, boolean>>()
  for (const row of rows) {
    const venues = byDestination.get(row.resortLocationIdentifier) ?? new Map<string, boolean>()
    venues.set(row.id, row.listed)
    byDestination.set(row.resortLocationIdentifier, venues)
  }
  return byDestination
}

/** The drift list for the admin: most seen first, with the resorts at each room address. */
export async function listUnmatched(db: Executor) {
  return db
    .selectFrom('unmatchedAnswerKeys as u')
    .select([
      'u.locationIdentifier',
      'u.address',
      'u.keyKind',
      'u.disneyKey',
      'u.description',
      'u.timesSeen',
      'u.firstSeenAt',
      'u.lastSeenAt',
    ])
    .orderBy('u.timesSeen', 'desc')
    .orderBy('u.address')
    .orderBy('u.disneyKey')
    .execute()
}

/**
 * The room types an admin may map a key to: every listed one at the destination (an address's
 * answer lists its whole complex, so the room may belong to a sibling resort).
 */
export async function mappableRoomTypes(db: Executor) {
  return db
    .selectFrom('roomTypes')
    .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
    .select([
      'roomTypes.id',
      'roomTypes.name',
      'roomTypes.accessible',
      'resorts.name as resortName',
      'resorts.locationIdentifier',
      'resorts.disneySlug',
    ])
    .where('resorts.sold', '=', true)
    .where('roomTypes.listed', '=', true)
    .orderBy('resorts.name')
    .orderBy('roomTypes.sortOrder')
    .execute()
}

export function listRoomKeyMappings(db: Executor) {
  return db
    .selectFrom('roomKeyMappings as m')
    .innerJoin('roomTypes', 'roomTypes.id', 'm.roomTypeId')
    .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
    .innerJoin('users', 'users.id', 'm.createdBy')
    .select([
      'm.id',
      'm.locationIdentifier',
      'm.disneySlug',
      'm.keyKind',
      'm.disneyKey',
      'm.createdAt',
      'roomTypes.name as roomTypeName',
      'resorts.name as resortName',
      'users.phoneNumber as createdByPhone',
    ])
    .orderBy('m.createdAt', 'desc')
    .execute()
}

export function listCatalogueAudit(db: Executor, limit = 50) {
  return db
    .selectFrom('catalogueAudit as a')
    .innerJoin('users', 'users.id', 'a.actorId')
    .select(['a.id', 'a.action', 'a.details', 'a.at', 'users.phoneNumber as actorPhone'])
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
}

export type MapRoomKeyResult =
  { ok: true } | { ok: false; field: 'roomTypeId' | 'disneyKey'; message: string }

/**
 * Ties a Disney key seen at an address to one of our room types there, in one transaction with
 * its audit row; the drift row goes, since the key is now known.
 */
export async function mapRoomKey(
  db: Executor,
  input: {
    actorId: string
    locationIdentifier: DestinationId
    disneySlug: string
    keyKind: RoomKeyKind
    disneyKey: string
    roomTypeId: string
  },
): Promise<MapRoomKeyResult> {
  return db.transaction().execute(async (trx) => {
    const roomType = await trx
      .selectFrom('roomTypes')
      .innerJoin('resorts', 'resorts.id', 'roomTypes.resortId')
      .select(['roomTypes.id', 'roomTypes.name', 'resorts.name as resortName'])
      .where('roomTypes.id', '=', input.roomTypeId)
      .where('resorts.locationIdentifier', '=', input.locationIdentifier)
      .executeTakeFirst()
    if (!roomType)
      return {
        ok: false,
        field: 'roomTypeId',
        message: 'Choose a room type of a resort at this destination.',
      }
    const inserted = await trx
      .insertInto('roomKeyMappings')
      .values({
        locationIdentifier: input.locationIdentifier,
        disneySlug: input.disneySlug,
        keyKind: input.keyKind,
        disneyKey: input.disneyKey,
        roomTypeId: roomType.id,
        createdBy: input.actorId,
      })
      .onConflict((oc) =>
        oc.columns(['locationIdentifier', 'disneySlug', 'keyKind', 'disneyKey']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return { ok: false, field: 'disneyKey', message: 'This key is already mapped.' }
    await trx
      .deleteFrom('unmatchedAnswerKeys')
      .where('locationIdentifier', '=', input.locationIdentifier)
      .where('address', '=', input.disneySlug)
      .where('keyKind', '=', input.keyKind)
      .where('disneyKey', '=', input.disneyKey)
      .execute()
    await trx
      .insertInto('catalogueAudit')
      .values({
        actorId: input.actorId,
        action: 'map-room-key',
        details: JSON.stringify({
          mappingId: inserted.id,
          locationIdentifier: input.locationIdentifier,
          disneySlug: input.disneySlug,
          keyKind: input.keyKind,
          disneyKey: input.disneyKey,
          roomTypeId: roomType.id,
          roomType: `${roomType.resortName} — ${roomType.name}`,
        }),
      })
      .execute()
    return { ok: true }
  })
}

/** Removes a mapping, audited; the key counts as drift again from its next sighting. */
export async function unmapRoomKey(db: Executor, input: { actorId: string; mappingId: string }) {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('roomKeyMappings')
      .where('id', '=', input.mappingId)
      .returningAll()
      .executeTakeFirst()
    if (!removed) return false
    await trx
      .insertInto('catalogueAudit')
      .values({
        actorId: input.actorId,
        action: 'unmap-room-key',
        details: JSON.stringify({
          mappingId: removed.id,
          locationIdentifier: removed.locationIdentifier,
          disneySlug: removed.disneySlug,
          keyKind: removed.keyKind,
          disneyKey: removed.disneyKey,
          roomTypeId: removed.roomTypeId,
        }),
      })
      .execute()
    return true
  })
}
