import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'
import type { DashboardView } from '~/domain/dashboard'
import { runningAlertsCount } from '~/models/alert-rules.server'
import { listDiningAlerts, type DiningAlertJson } from '~/models/dining-alert.server'
import { listHotelAlerts, type HotelAlertJson } from '~/models/hotel-alert.server'
import { isUserHotelAlert } from '~/models/running-alerts.server'
import { textProblem } from '~/domain/delivery'
import { textsOfAlerts } from '~/models/outbox.server'

type Executor = Kysely<Database>

export type DashboardAlert =
  ({ kind: 'hotel' } & HotelAlertJson) | ({ kind: 'dining' } & DiningAlertJson)

/** Escapes the wildcards of LIKE so a search for "50%" means those characters. */
function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * The user's alerts of both kinds matching the search (a resort, restaurant or client name), the
 * type and the client, as (kind, id, created_at).
 */
function matchingAlerts(userId: string, query: DashboardView) {
  const search = query.search.trim()
  // Only a search reads names: without one, the catalogue's tables stay out of the query.
  const pattern = search ? likePattern(search) : null
  const clientNamed = (alert: string) =>
    sql`exists (select 1 from clients c
      where c.id = ${sql.ref(`${alert}.client_id`)} and c.name ilike ${pattern})`
  const resortNamed = pattern
    ? sql`and (exists (select 1 from resorts r, jsonb_array_elements(h.resorts) chosen
        where r.id = (chosen ->> 'resortId')::uuid and r.name ilike ${pattern})
        or ${clientNamed('h')})`
    : sql``
  const restaurantNamed = pattern
    ? sql`and (exists (select 1 from dining_locations l
        where l.id = any(d.dining_location_ids) and l.name ilike ${pattern})
        or ${clientNamed('d')})`
    : sql``
  // The client is one of the user's (readDashboardView), or none.
  const ofClient =
    query.client === null
      ? sql``
      : query.client === 'none'
        ? sql`and client_id is null`
        : sql`and client_id = ${query.client}::uuid`
  return sql`
    select * from (
      select 'hotel' as kind, h.id, h.created_at, h.client_id from hotel_alerts h
      where h.user_id = ${userId} and ${isUserHotelAlert('h')} ${resortNamed}
      union all
      select 'dining' as kind, d.id, d.created_at, d.client_id from dining_alerts d
      where d.user_id = ${userId} ${restaurantNamed}
    ) alerts
    where (${query.type}::text is null or kind = ${query.type})
      and (${query.alertId}::uuid is null or id = ${query.alertId}::uuid)
      ${ofClient}
  `
}

async function countMatching(db: Executor, userId: string, query: DashboardView) {
  const { rows } = await sql<{ total: string }>`
    select count(*) as total from (${matchingAlerts(userId, query)}) matching
  `.execute(db)
  return Number(rows[0]?.total ?? 0)
}

/**
 * One page of a user's alerts of both kinds, newest first, searched by the resort, restaurant
 * or client name and narrowed to a client; hotel entries of type 1 are not alerts and are left out.
 */
export async function dashboardPage(db: Executor, userId: string, query: DashboardView) {
  // The page carries the total (count over the whole match); only a page past the end, which
  // has no row to carry it, asks for the count on its own.
  const page = await sql<{ kind: AlertKind; id: string; total: string }>`
    select kind, id, count(*) over () as total from (${matchingAlerts(userId, query)}) matching
    order by created_at desc, id
    limit ${query.perPage} offset ${(query.page - 1) * query.perPage}
  `.execute(db)
  const first = page.rows[0]
  const total = first
    ? Number(first.total)
    : query.page === 1
      ? 0
      : await countMatching(db, userId, query)
  const idsOf = (kind: AlertKind) =>
    page.rows.filter((row) => row.kind === kind).map((row) => row.id)
  const [hotels, dinings] = await Promise.all([
    listHotelAlerts(db, userId, idsOf('hotel')),
    listDiningAlerts(db, userId, idsOf('dining')),
  ])
  const byId = new Map<string, DashboardAlert>([
    ...hotels.map((alert) => [alert.id, { kind: 'hotel' as const, ...alert }] as const),
    ...dinings.map((alert) => [alert.id, { kind: 'dining' as const, ...alert }] as const),
  ])
  return {
    alerts: page.rows.flatMap((row) => byId.get(row.id) ?? []),
    total,
  }
}

/** Each alert of the page with the texts it has sent, newest first. */
export async function withTexts(db: Executor, alerts: DashboardAlert[]) {
  const texts = await textsOfAlerts(db, alerts)
  return alerts.map((alert) => ({
    ...alert,
    texts: texts
      .filter((text) => text.alertKind === alert.kind && text.alertId === alert.id)
      .map((text) => ({
        body: text.body,
        toClient: text.recipient === 'client',
        status: text.status,
        problem: textProblem(text),
        created: new Date(text.createdAt).toISOString(),
      })),
  }))
}

/** The footer strip and the banners: running alerts of both kinds, and all alerts, in one query. */
export async function alertCounts(db: Executor, userId: string) {
  const { rows } = await sql<{ running: number; total: number }>`
    select ${runningAlertsCount(userId)} as running,
      (select count(*) from hotel_alerts
        where user_id = ${userId} and ${isUserHotelAlert('hotel_alerts')})
      + (select count(*) from dining_alerts where user_id = ${userId}) as total
  `.execute(db)
  return { running: Number(rows[0]?.running ?? 0), total: Number(rows[0]?.total ?? 0) }
}
