import { PLANS, type PlanDefinition } from '../app/domain/plans.ts'
import { getEnv } from '../app/env.server.ts'
import { seedCatalogue } from './catalogue.ts'
import { createDb, type DB } from './client.ts'
import { ensureDatabase, migrateToLatest } from './migrator.ts'
import { fromExcluded } from './upsert.ts'

/** A plan's row in the columns every schema since migration 0002 has (a migration's test). */
export function planRowSince0002(plan: PlanDefinition) {
  return {
    id: plan.id,
    name: plan.name,
    tagline: plan.tagline,
    priceCents: plan.priceCents,
    alertLimit: plan.alertLimit,
    intervalMinutes: plan.intervalMinutes,
    free: plan.free,
    legacy: plan.legacy,
    sortOrder: plan.order,
  }
}

/** Idempotent: a re-seed updates rows in place and never duplicates them. */
export async function seed(db: DB) {
  const priceIds = getEnv().stripePriceIds
  const plans = PLANS.map((plan) => ({
    ...planRowSince0002(plan),
    clientLimit: plan.clientLimit,
    stripePriceId: priceIds[plan.id] ?? null,
  }))
  await db
    .insertInto('plans')
    .values(plans)
    .onConflict((oc) => oc.column('id').doUpdateSet(fromExcluded(plans[0]!)))
    .execute()
  return { plans: PLANS.length, ...(await seedCatalogue(db)) }
}

/** A database of its own, made ready: created if missing, migrated, seeded (tests, benchmarks). */
export async function setUpDatabase(connectionString: string) {
  await ensureDatabase(connectionString)
  await migrateToLatest(connectionString)
  const db = createDb(connectionString, { max: 1 })
  try {
    await seed(db)
  } finally {
    await db.destroy()
  }
}
