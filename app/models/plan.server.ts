import type { Kysely } from 'kysely'
import type { Database, Plan } from '../../db/schema.ts'
import { PLANS, priceText } from '~/domain/plans'
import { getLogger } from '~/utils/logger.server'
import { rowsById } from '~/models/read-once.server'

type Executor = Kysely<Database>

/** The Subscription plan of the JSON contract (accounts §3). */
export function toPlanJson(plan: Plan) {
  return {
    id: plan.id,
    priceId: plan.stripePriceId,
    name: plan.name,
    displayName: plan.name,
    description: plan.tagline,
    tagline: plan.tagline,
    price: priceText(plan.priceCents),
    priceCents: plan.priceCents,
    currency: plan.currency,
    limit: plan.alertLimit,
    alerts: plan.alertLimit,
    /** Clients the account may keep (issue 31); 0: none. */
    clients: plan.clientLimit,
    intervalMinutes: plan.intervalMinutes,
    free: plan.free,
    legacy: plan.legacy,
    legacyPrice: plan.legacyPrice,
    order: plan.sortOrder,
  }
}
export type PlanJson = ReturnType<typeof toPlanJson>

/** Plans on offer, in their order; legacy plans are hidden but keep working for their users. */
export function listPlans(db: Executor) {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('legacy', '=', false)
    .orderBy('sortOrder')
    .execute()
}

export type OfferedPlan = Pick<
  Plan,
  | 'id'
  | 'name'
  | 'tagline'
  | 'priceCents'
  | 'intervalMinutes'
  | 'alertLimit'
  | 'clientLimit'
  | 'free'
  | 'legacy'
>

/**
 * The plans on offer for a page; if the database cannot answer, the four plans of the
 * specification with `failed` set, so the page still shows plans and says it could not load.
 */
export async function plansOnOffer(
  db: Executor,
): Promise<{ plans: OfferedPlan[]; failed: boolean }> {
  try {
    return { plans: await listPlans(db), failed: false }
  } catch (error) {
    getLogger().error({ err: error }, 'plans failed to load; showing the fallback list')
    return {
      plans: PLANS.filter((plan) => !plan.legacy).map(({ order: _order, ...plan }) => plan),
      failed: true,
    }
  }
}

/** A plan by id, legacy or not; plans change only when the seed runs, so they are read once. */
export async function findPlan(db: Executor, id: string) {
  return (await rowsById(db, 'plans', [id])).get(id)
}

export function findPlanByPriceId(db: Executor, priceId: string) {
  return db.selectFrom('plans').selectAll().where('stripePriceId', '=', priceId).executeTakeFirst()
}
