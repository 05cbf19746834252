import { sql } from 'kysely'
import { PLANS } from '../app/domain/plans.ts'
import { getEnv } from '../app/env.server.ts'
import { seedCatalogue } from './catalogue.ts'
import type { DB } from './client.ts'

/** Idempotent: a re-seed updates rows in place and never duplicates them. */
export async function seed(db: DB) {
  const priceIds = getEnv().stripePriceIds
  await db
    .insertInto('plans')
    .values(
      PLANS.map((plan) => ({
        id: plan.id,
        name: plan.name,
        tagline: plan.tagline,
        priceCents: plan.priceCents,
        alertLimit: plan.alertLimit,
        intervalMinutes: plan.intervalMinutes,
        free: plan.free,
        legacy: plan.legacy,
        sortOrder: plan.order,
        stripePriceId: priceIds[plan.id] ?? null,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: sql`excluded.name`,
        tagline: sql`excluded.tagline`,
        priceCents: sql`excluded.price_cents`,
        alertLimit: sql`excluded.alert_limit`,
        intervalMinutes: sql`excluded.interval_minutes`,
        free: sql`excluded.free`,
        legacy: sql`excluded.legacy`,
        sortOrder: sql`excluded.sort_order`,
        stripePriceId: sql`excluded.stripe_price_id`,
      }),
    )
    .execute()
  return { plans: PLANS.length, ...(await seedCatalogue(db)) }
}
