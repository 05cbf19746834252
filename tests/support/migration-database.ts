import { sql } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import { createDb, type DB } from '../../db/client.ts'
import { dropDatabase, ensureDatabase, migrateToLatest } from '../../db/migrator.ts'
import { databaseUrl, seedOlderSchema, uniqueName } from './databases.ts'

/**
 * A database of the file's own migrated up to `migration`, holding the plans and the catalogue
 * as that schema did, for a test of the migrations after it: made before the file's tests and
 * dropped after them.
 */
export function databaseAt(migration: string) {
  const url = databaseUrl(uniqueName('migration'))
  const db = createDb(url, { max: 1 })
  beforeAll(async () => {
    await ensureDatabase(url)
    await migrateToLatest(url, migration)
    await seedOlderSchema(db)
  })
  afterAll(async () => {
    await db.destroy()
    await dropDatabase(url)
  })
  return { url, db }
}

/** A user as that schema held them (raw SQL: the app's types are today's), on `planId`: the id. */
export async function userOn(db: DB, planId: string, trialStartUtc = new Date()) {
  const { rows } = await sql<{ id: string }>`
    insert into users (phone_number, plan_id, trial_start_utc)
    values ('+1555' || lpad((floor(random() * 9999999))::text, 7, '0'), ${planId}, ${trialStartUtc})
    returning id`.execute(db)
  return rows[0]!.id
}
