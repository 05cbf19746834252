import { randomBytes } from 'node:crypto'
import { PLANS } from '../../app/domain/plans.ts'
import { seedCatalogue } from '../../db/catalogue.ts'
import type { DB } from '../../db/client.ts'
import { planRowSince0002 } from '../../db/seed.ts'

const BASE_URL = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432'

export function databaseUrl(name: string) {
  return `${BASE_URL}/${name}`
}

/** A short random name for a test run's database or Redis prefix. */
export function uniqueName(kind: string) {
  return `${kind}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
}

/**
 * The plans and the catalogue in a database migrated only so far, for a migration's test: the
 * plans with the columns every schema since migration 0002 has (the seed writes today's).
 */
export async function seedOlderSchema(db: DB) {
  await db.insertInto('plans').values(PLANS.map(planRowSince0002)).execute()
  await seedCatalogue(db)
}
