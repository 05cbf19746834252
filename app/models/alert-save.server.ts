import type { Kysely, UpdateObject } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AlertKind } from '~/domain/alerts'
import type { AlertCreatedProps } from '~/models/analytics.server'
import { editAlert, insertAlert, TABLES, type AlertEdit } from '~/models/alert-rules.server'
import { clientNames, keptClient, savingAlertClient } from '~/models/client.server'
import { answersSeenBy } from '~/models/question.server'
import { snoozeKeptBefore } from '~/models/snooze.server'

/**
 * What the hotel and the dining alert models share around the rules of alert-rules.server: the
 * client fields of a save, the snooze an edit keeps, and what a listed alert shows of its questions
 * and its client. Each model keeps its own checks, columns and JSON.
 */

type Executor = Kysely<Database>

/** A hotel alert's stay and party, as the columns of a query that calls its table `a`. */
export const HOTEL_STAY_COLUMNS = [
  'a.resorts',
  'a.checkInDate',
  'a.latestCheckInDate',
  'a.minNights',
  'a.maxNights',
  'a.splitStays',
  'a.numberOfAdults',
  'a.agesOfChildren',
  'a.accessible',
] as const

/** An alert's state, of either kind, as the columns of a query that calls its table `a`. */
export const ALERT_STATE_COLUMNS = [
  'a.status',
  'a.statusReason',
  'a.lastFoundAt',
  'a.createdAt',
  'a.updatedAt',
] as const

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

type Seen = Awaited<ReturnType<typeof answersSeenBy>>

/** The state fields of an alert of either kind in the JSON contract (accounts §3). */
export function alertStateJson(
  kind: AlertKind,
  alert: {
    id: string
    updatedAt: Date
    snoozedUntil: string | null
    status: number
    statusReason: string | null
    createdAt: Date | string
    lastFoundAt: Date | string | null
  },
  seen: Seen,
) {
  return {
    /** Sends nothing through this date at its destination; null when not snoozed. */
    snoozedUntil: alert.snoozedUntil,
    status: alert.status,
    statusReason: alert.statusReason,
    created: isoTime(alert.createdAt)!,
    lastCheckedAt: seen(kind, alert).lastCheckedAt,
    lastFoundAt: isoTime(alert.lastFoundAt),
  }
}

/** What a list of one user's alerts shows besides their own columns: answers seen and client names. */
export function answersAndClients(
  db: Executor,
  userId: string,
  kind: AlertKind,
  alerts: readonly { id: string; clientId: string | null }[],
) {
  return Promise.all([
    answersSeenBy(
      db,
      userId,
      alerts.map((alert) => ({ kind, id: alert.id })),
    ),
    clientNames(
      db,
      userId,
      alerts.map((alert) => alert.clientId),
    ),
  ])
}

/**
 * Creates an alert of either kind with the client fields the payload gives (a new client it names
 * is added with it) after the create checks of `insertAlert`. Answers the new alert's id.
 */
export function createAlert<Kind extends AlertKind>(
  db: Executor,
  userId: string,
  kind: Kind,
  raw: Record<string, unknown>,
  fields: Parameters<typeof insertAlert<Kind>>[3],
  running: boolean,
  now: Date,
  created: AlertCreatedProps,
) {
  return savingAlertClient(db, userId, raw, null, (client) =>
    insertAlert(db, userId, kind, { ...fields, ...client }, running, now, created),
  )
}

type AlertColumns = (
  UpdateObject<Database, 'hotelAlerts'> | UpdateObject<Database, 'diningAlerts'>
) & {
  snoozedUntil?: string | null
}

/**
 * Edits an alert of either kind after the edit checks of `editAlert`. An edit that does not say
 * its client keeps the alert's; one that does not say `snoozedUntil` keeps the snooze only while
 * it ends before `lastDate`, the alert's last date; `clearsReason` says when the last status's
 * reason no longer holds.
 */
export async function updateAlert(
  db: Executor,
  userId: string,
  kind: AlertKind,
  id: string,
  raw: Record<string, unknown>,
  edit: {
    columns: AlertColumns
    lastDate: string
    nextStatus: (current: number) => number
    clearsReason: (edit: AlertEdit) => boolean
    now: Date
  },
) {
  const kept = await keptClient(db, TABLES[kind], userId, id)
  await savingAlertClient(db, userId, raw, kept, (client) =>
    editAlert(db, userId, kind, id, edit.nextStatus, edit.now, (decided) => ({
      ...edit.columns,
      ...client,
      ...(edit.columns.snoozedUntil === undefined && {
        snoozedUntil: snoozeKeptBefore(edit.lastDate),
      }),
      ...(edit.clearsReason(decided) && { statusReason: null }),
    })),
  )
}
