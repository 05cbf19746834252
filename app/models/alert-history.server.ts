import { sql, type Kysely } from 'kysely'
import type { Database, TextRecipient } from '../../db/schema.ts'
import {
  byOpenFirst,
  checkTotals,
  openingDuration,
  OPENINGS_PER_PAGE,
  recentChecks,
} from '~/domain/alert-history'
import { ALERT_ERRORS, type AlertKind } from '~/domain/alerts'
import { diningBookingUrl, hotelBookingUrl } from '~/domain/booking-links'
import { diningAlertShape, hotelAlertShape } from '~/domain/alert-shape'
import { mergePaces, readPace } from '~/domain/check-history'
import { pageCount } from '~/domain/dashboard'
import { textProblem, type TextStatus } from '~/domain/delivery'
import { timeWished } from '~/domain/flexible-dining'
import { AppError } from '~/domain/app-error'
import { assertAlertId } from '~/models/alert-rules.server'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'

type Executor = Kysely<Database>

/** The most openings one alert's page reads: about a month of a busy question's openings. */
const OPENINGS_READ = 1000

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/** The alert of the owner, as its JSON; anyone else's, or none, is not found. */
async function ownAlert(db: Executor, userId: string, kind: AlertKind, id: unknown) {
  assertAlertId(id)
  const alert =
    kind === 'hotel'
      ? (await listHotelAlerts(db, userId, [id])).map((found) => ({ kind, ...found }))[0]
      : (await listDiningAlerts(db, userId, [id])).map((found) => ({ kind, ...found }))[0]
  if (!alert) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
  return alert
}

/** An alert of its owner, as its JSON with its kind. */
export type OwnAlert = Awaited<ReturnType<typeof ownAlert>>

/**
 * Its questions' histories (split stays' parts left out: they are not its stays), its own pace
 * (its owner's plan), and since when it is this alert's.
 */
async function questionsOf(db: Executor, kind: AlertKind, id: string) {
  const table = kind === 'hotel' ? 'hotel_alerts' : 'dining_alerts'
  const column = kind === 'hotel' ? 'hotel_alert_id' : 'dining_alert_id'
  const { rows } = await sql<{
    questionId: number
    updatedAt: Date
    checkHistory: Buffer | null
    questionInterval: number | null
    planInterval: number | null
  }>`
    select aq.question_id, a.updated_at, q.check_history, q.interval_minutes as question_interval,
      p.interval_minutes as plan_interval
    from ${sql.table(table)} a
    join alert_questions aq on aq.${sql.ref(column)} = a.id and not aq.split
    join questions q on q.id = aq.question_id
    join users u on u.id = a.user_id
    left join plans p on p.id = u.plan_id
    where a.id = ${id}
  `.execute(db)
  return rows
}

/** The openings of its questions the alert watches, with the text it got about each. */
async function openingsOf(db: Executor, alert: OwnAlert, questionIds: readonly number[]) {
  const rows = await db
    .selectFrom('openings as o')
    .leftJoin('roomTypes as t', 't.id', 'o.roomTypeId')
    .leftJoin('resorts as r', 'r.id', 'o.resortId')
    .leftJoin('notifications as n', (join) =>
      join
        .onRef('n.openingId', '=', 'o.id')
        .on('n.alertKind', '=', alert.kind)
        .on('n.alertId', '=', alert.id)
        // One text per opening: the agent's when it went to both (migration 0026), else the client's.
        .on(
          'n.recipient',
          '=',
          sql<TextRecipient>`(select min(n2.recipient) from notifications n2
            where n2.opening_id = o.id and n2.alert_kind = ${alert.kind} and n2.alert_id = ${alert.id})`,
        ),
    )
    .select([
      'o.id',
      'o.roomTypeId',
      'o.resortId',
      't.name as roomName',
      'r.name as resortName',
      'r.disneySlug',
      'o.diningLocationId',
      'o.startsOn',
      'o.checkOutDate',
      'o.reserveTime',
      'o.firstSeenAt',
      'o.lastSeenAt',
      'o.closedAt',
      'n.body',
      'n.status',
      'n.errorCode',
      'n.error',
      'n.bookingUrl',
      'n.createdAt as textedAt',
      'n.sentAt',
    ])
    .where('o.questionId', '=', sql<number>`any(${questionIds}::bigint[])`)
    .where(
      alert.kind === 'hotel'
        ? sql<boolean>`exists (select 1 from alert_questions aq where aq.hotel_alert_id = ${alert.id}
            and aq.question_id = o.question_id and o.room_type_id = any(aq.room_type_ids))`
        : sql<boolean>`o.dining_location_id = any(${diningAlertShape(alert).restaurantChoices.map((r) => r.id)}::text[])`,
    )
    .where((eb) =>
      eb.or([eb('o.closedAt', 'is', null), eb('o.closedAt', '>=', new Date(alert.created))]),
    )
    .orderBy(sql`o.closed_at is null`, 'desc')
    .orderBy('o.firstSeenAt', 'desc')
    .limit(OPENINGS_READ)
    .execute()
  if (alert.kind === 'hotel') return rows
  const wish = diningAlertShape(alert)
  return rows.filter((row) => row.reserveTime !== null && timeWished(row.reserveTime, wish))
}

/**
 * Every opening an alert of its owner saw, as its page counts them (not paged): a client's
 * report (issue 31) lists them beside the alert's texts, which it reads on their own.
 */
export async function alertOpenings(db: Executor, alert: OwnAlert) {
  const questions = await questionsOf(db, alert.kind, alert.id)
  return openingsOf(
    db,
    alert,
    questions.map((question) => question.questionId),
  )
}

/** The text an alert got about an opening, with its delivery (or why it was not sent). */
function textOf(opening: Awaited<ReturnType<typeof openingsOf>>[number]) {
  if (!opening.body || !opening.status) return null
  const status: TextStatus = opening.status
  return {
    body: opening.body,
    status,
    problem: textProblem({ status, error: opening.error, errorCode: opening.errorCode }),
    createdAt: iso(opening.textedAt)!,
    sentAt: iso(opening.sentAt),
  }
}

/**
 * An alert's own page (issue 28), for its owner only: its checks in the last 24 hours and 7 days
 * at its plan's pace and its last 50, and the openings it saw with their texts, open ones first,
 * a page at a time. The same data serves the page and `GET /api/alerts/{kind}/{id}/history`.
 */
export async function alertHistory(
  db: Executor,
  userId: string,
  kind: AlertKind,
  id: unknown,
  page: number,
  now = new Date(),
) {
  const alert = await ownAlert(db, userId, kind, id)
  const questions = await questionsOf(db, kind, alert.id)
  const openings = (
    await openingsOf(
      db,
      alert,
      questions.map((question) => question.questionId),
    )
  ).map((row) => ({
    ...row,
    firstSeenAt: new Date(row.firstSeenAt),
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : null,
    closedAt: row.closedAt ? new Date(row.closedAt) : null,
  }))
  // Without a plan its alerts are not checked: the pace they last had is its questions'.
  const [first] = questions
  const intervalMinutes = first?.planInterval ?? first?.questionInterval ?? 1440
  const pace = mergePaces(
    questions.map((question) => readPace(question.checkHistory, intervalMinutes, now.getTime())),
  )
  const since = new Date(first?.updatedAt ?? alert.created)
  const destination =
    alert.kind === 'hotel' ? hotelAlertShape(alert).destination : alert.resortLocationIdentifier
  // The link of a text it got, or else Disney's page for that resort or restaurant date.
  const bookingUrlOf = (opening: (typeof openings)[number]) =>
    opening.bookingUrl ??
    (alert.kind === 'hotel'
      ? opening.disneySlug && hotelBookingUrl(destination, opening.disneySlug)
      : diningBookingUrl(destination, alert.partySize, opening.startsOn))
  const sorted = openings.sort(byOpenFirst)
  const shown = sorted.slice((page - 1) * OPENINGS_PER_PAGE, page * OPENINGS_PER_PAGE)
  return {
    alert,
    checks: {
      intervalMinutes,
      since: iso(since)!,
      last24Hours: checkTotals(pace?.last24Hours),
      last7Days: checkTotals(pace?.last7Days),
      recent: recentChecks(pace, openings, since).map((check) => ({
        at: check.at.toISOString(),
        result: check.result,
      })),
    },
    openings: shown.map((opening) => ({
      id: opening.id,
      open: opening.closedAt === null,
      firstSeenAt: opening.firstSeenAt.toISOString(),
      lastSeenAt: iso(opening.lastSeenAt),
      closedAt: iso(opening.closedAt),
      durationSeconds: Math.round(openingDuration(opening, now) / 1000),
      ...(alert.kind === 'hotel'
        ? {
            resortId: opening.resortId!,
            roomTypeId: opening.roomTypeId!,
            roomName: opening.roomName ?? 'A room type no longer listed',
            resortName: opening.resortName,
            checkInDate: opening.startsOn,
            checkOutDate: opening.checkOutDate!,
          }
        : {
            diningLocationId: opening.diningLocationId!,
            reserveDate: opening.startsOn,
            time: opening.reserveTime!.slice(0, 5),
          }),
      bookingUrl: bookingUrlOf(opening),
      text: textOf(opening),
    })),
    openNow: openings.filter((opening) => opening.closedAt === null).length,
    totalOpenings: openings.length,
    page,
    pages: pageCount(openings.length, OPENINGS_PER_PAGE),
  }
}
export type AlertHistory = Awaited<ReturnType<typeof alertHistory>>
