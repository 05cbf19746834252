import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { HOTEL_TYPE } from '~/domain/alerts'
import {
  clientReportOf,
  type OpeningSeen,
  type ReportAlertInput,
  type TextRecord,
} from '~/domain/client-report'
import { alertOpenings, type OwnAlert } from '~/models/alert-history.server'
import { findClient, toClientJson } from '~/models/client.server'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { TEXT_HISTORY_COLUMNS } from '~/models/outbox.server'

type Executor = Kysely<Database>

/** Newest first, hotel and dining alike. */
const byCreated = (a: { created: string }, b: { created: string }) =>
  b.created.localeCompare(a.created)

/** The owner's alerts of both kinds, as the JSON API gives them; `clientId` narrows to a client's. */
async function alertsOf(db: Executor, userId: string, clientId?: string): Promise<OwnAlert[]> {
  const ids = async (table: 'hotelAlerts' | 'diningAlerts') => {
    let query = db.selectFrom(table).select('id').where('userId', '=', userId)
    if (clientId) query = query.where('clientId', '=', clientId)
    if (table === 'hotelAlerts') query = query.where('type', '<>', HOTEL_TYPE.internal)
    return (await query.execute()).map((row) => row.id)
  }
  const [hotel, dining] = await Promise.all([
    clientId
      ? ids('hotelAlerts').then((found) => listHotelAlerts(db, userId, found))
      : listHotelAlerts(db, userId),
    clientId
      ? ids('diningAlerts').then((found) => listDiningAlerts(db, userId, found))
      : listDiningAlerts(db, userId),
  ])
  return [
    ...hotel.map((alert) => ({ kind: 'hotel' as const, ...alert })),
    ...dining.map((alert) => ({ kind: 'dining' as const, ...alert })),
  ].sort(byCreated)
}

/** The openings each alert saw, by `kind:id`. */
async function openingsOf(db: Executor, alerts: readonly OwnAlert[]) {
  const seen = new Map<string, OpeningSeen[]>()
  for (const alert of alerts) {
    const rows = await alertOpenings(db, alert)
    seen.set(
      `${alert.kind}:${alert.id}`,
      rows.map((row) => ({
        id: row.id,
        roomName: row.roomName,
        resortName: row.resortName,
        diningLocationId: row.diningLocationId,
        startsOn: row.startsOn,
        checkOutDate: row.checkOutDate,
        reserveTime: row.reserveTime,
        firstSeenAt: new Date(row.firstSeenAt),
        lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : null,
        closedAt: row.closedAt ? new Date(row.closedAt) : null,
      })),
    )
  }
  return seen
}

/**
 * The owner's texts about these alerts, and those to or about the client (its consent text, or
 * texts about an alert it no longer has).
 */
async function textsOf(
  db: Executor,
  userId: string,
  clientId: string,
  alerts: readonly OwnAlert[],
): Promise<TextRecord[]> {
  const idsOf = (kind: 'hotel' | 'dining') =>
    alerts.filter((alert) => alert.kind === kind).map((alert) => alert.id)
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'purpose', 'openingId', ...TEXT_HISTORY_COLUMNS])
    .where('userId', '=', userId)
    .where((eb) =>
      eb.or([
        eb('clientId', '=', clientId),
        ...(['hotel', 'dining'] as const).flatMap((kind) =>
          idsOf(kind).length
            ? [eb.and([eb('alertKind', '=', kind), eb('alertId', 'in', idsOf(kind))])]
            : [],
        ),
      ]),
    )
    .orderBy('createdAt', 'desc')
    .execute()
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    sentAt: row.sentAt ? new Date(row.sentAt) : null,
  }))
}

/**
 * A client's report (issue 31), for its owner only (anyone else's client, or no client, is a 404
 * "Client not found."): its alerts of any status, what each watches, the openings it saw and the
 * texts it sent, to the agent or the client, with their delivery. The same data serves the
 * printable page, its CSV and `GET /api/clients/{id}/report`.
 */
export async function clientReport(db: Executor, userId: string, clientId: unknown, now: Date) {
  const client = await findClient(db, userId, clientId)
  const alerts = await alertsOf(db, userId, client.id)
  const [openings, texts] = await Promise.all([
    openingsOf(db, alerts),
    textsOf(db, userId, client.id, alerts),
  ])
  return {
    client: toClientJson(client),
    ...clientReportOf({ alerts, openings, texts, now }),
  }
}
export type ClientReport = Awaited<ReturnType<typeof clientReport>>

/** Every alert of the account, hotel and dining, newest first, each with its client's name. */
export async function alertsExport(db: Executor, userId: string): Promise<ReportAlertInput[]> {
  return alertsOf(db, userId)
}
