import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { BrowserEvent } from '~/domain/analytics-events'
import type { AlertKind } from '~/domain/alerts'

type Executor = Kysely<Database>

/** Accounts §1 and catalogue §7: what an alert_created event says about the alert. */
export type AlertCreatedProps =
  | {
      kind: 'hotel'
      resort: string
      room_count: number
      nights: number
      adults: number
      children: number
      accessible: boolean
    }
  | { kind: 'dining'; resort: string; party_size: number }

/** Events the server records itself, each in the transaction that makes it true. */
export type ServerEvent =
  | { name: 'alert_created'; props: AlertCreatedProps }
  | { name: 'alert_deleted'; props: { kind: AlertKind } }
  | { name: 'plan_changed'; props: { from: string | null; to: string | null } }
  | { name: 'subscription_completed'; props: { plan: string }; dedupeKey: string }

/** Stores what the browser tracker sent (already validated); no address, no user. */
export async function recordBrowserEvent(
  db: Executor,
  event: BrowserEvent,
  visitorHash: string | null,
) {
  await db
    .insertInto('analyticsEvents')
    .values({
      name: event.name,
      source: 'browser',
      path: event.path,
      props: JSON.stringify('props' in event ? event.props : {}),
      visitorHash,
    })
    .execute()
}

/**
 * Stores an event the server saw happen. An event with a dedupe key is stored once however
 * often it is recorded (Stripe's webhook and the return page both confirm one subscription).
 */
export async function recordServerEvent(db: Executor, event: ServerEvent) {
  await db
    .insertInto('analyticsEvents')
    .values({
      name: event.name,
      source: 'server',
      props: JSON.stringify(event.props),
      dedupeKey: 'dedupeKey' in event ? `${event.name}:${event.dedupeKey}` : null,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .execute()
}

/** Retention: events older than `days` are deleted; answers how many went. */
export async function deleteOldAnalyticsEvents(db: Executor, days: number, now = new Date()) {
  const result = await db
    .deleteFrom('analyticsEvents')
    .where('occurredAt', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${days})`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
