import { statSync, readFileSync } from 'node:fs'
import type { Job } from 'bullmq'
import type { UpdateQueryBuilder, UpdateResult } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import type { Database } from '../db/schema.ts'
import { DINING_STATUS, HOTEL_STATUS } from '../app/domain/alerts.ts'
import { timeMatches } from '../app/domain/dining-alert.ts'
import { diningOpeningText, hotelOpeningText } from '../app/domain/texts.ts'
import type { Env } from '../app/env.server.ts'
import { newShortCode, recordCheck, type NewNotification } from '../app/models/monitoring.server.ts'
import type { Metrics } from './metrics.ts'
import type { CheckJob, Queues } from './queues.ts'
import type { CircuitBreaker } from './upstream/breaker.ts'
import { DESTINATION_HOSTS, fetchDiningOffers } from './upstream/dining.ts'
import { AlertQuestionError, UpstreamFault, type EndpointFamily } from './upstream/errors.ts'
import { disneyResortSlug, DLR_SLUGS, fetchRoomOpenings } from './upstream/hotels.ts'

export interface CheckDeps {
  db: DB
  queues: Queues
  breaker: CircuitBreaker
  metrics: Metrics
  logger: Logger
  env: Env
}

/** The dining token from configuration; a token file is re-read whenever it changes. */
export function diningTokenReader(env: Env) {
  let cached: { mtimeMs: number; token: string } | undefined
  return () => {
    const file = env.disney.diningTokenFile
    if (!file) return env.disney.diningToken ?? ''
    const { mtimeMs } = statSync(file)
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, token: readFileSync(file, 'utf8').trim() }
    return cached.token
  }
}

/** Calls Disney through the family's breaker, counting the outcome. */
async function throughBreaker<T>(
  deps: CheckDeps,
  family: EndpointFamily,
  call: () => Promise<T>,
): Promise<T> {
  await deps.breaker.assertClosed(family)
  try {
    const answer = await call()
    await deps.breaker.success(family)
    deps.metrics.upstreamCalls.inc({ family, outcome: 'ok' })
    return answer
  } catch (error) {
    if (error instanceof UpstreamFault) {
      await deps.breaker.failure(error)
      deps.metrics.upstreamCalls.inc({ family, outcome: error.reason })
    }
    throw error
  }
}

/**
 * Records the check (its outbox rows and its update of the alerts, in one statement), then queues
 * the texts of the rows just written; the job id makes a second add a no-op.
 */
async function recordAndQueue<Table extends 'hotelAlerts' | 'diningAlerts'>(
  deps: CheckDeps,
  rows: NewNotification[],
  checked: UpdateQueryBuilder<Database, Table, Table, UpdateResult>,
) {
  const created = await recordCheck(deps.db, rows, checked)
  if (created.length)
    await deps.queues.sms.addBulk(
      created.map((row) => ({
        name: 'send',
        data: { notificationId: row.id },
        opts: { jobId: row.id },
      })),
    )
  return created
}

function link(env: Env, shortCode: string) {
  return `${env.appUrl}/o/${shortCode}`
}

async function checkDining(deps: CheckDeps, job: CheckJob, now: Date, readToken: () => string) {
  const alerts = await deps.db
    .selectFrom('diningAlerts')
    .innerJoin('users', 'users.id', 'diningAlerts.userId')
    .innerJoin('diningLocations', 'diningLocations.id', 'diningAlerts.diningLocationId')
    .select([
      'diningAlerts.id',
      'diningAlerts.userId',
      'diningAlerts.diningLocationId',
      'diningAlerts.resortLocationIdentifier',
      'diningAlerts.reserveDate',
      'diningAlerts.partySize',
      'diningAlerts.preferredTime',
      'diningAlerts.timeRangeStart',
      'diningAlerts.timeRangeEnd',
      'users.phoneNumber',
      'diningLocations.name as restaurant',
    ])
    .where('diningAlerts.id', 'in', job.alertIds)
    .where('diningAlerts.status', '=', DINING_STATUS.running)
    .execute()
  const first = alerts[0]
  if (!first) return
  const offers = await throughBreaker(deps, 'dining', () =>
    fetchDiningOffers(
      {
        destination: first.resortLocationIdentifier,
        partySize: first.partySize,
        date: first.reserveDate,
      },
      { token: readToken(), timeoutMs: deps.env.disney.timeoutMs, via: deps.env.disney.via },
    ),
  )
  const host = DESTINATION_HOSTS[first.resortLocationIdentifier]
  const rows: NewNotification[] = []
  const found = new Set<string>()
  for (const alert of alerts) {
    for (const offer of offers) {
      if (offer.restaurantId !== alert.diningLocationId || !timeMatches(offer.time, alert)) continue
      found.add(alert.id)
      const shortCode = newShortCode()
      rows.push({
        userId: alert.userId,
        alertKind: 'dining',
        alertId: alert.id,
        openingKey: `${offer.restaurantId}|${offer.date}|${offer.time}`,
        toNumber: alert.phoneNumber,
        shortCode,
        seenAt: now,
        bookingUrl: `${host}/dine-res/availability/?partySize=${alert.partySize}&date=${alert.reserveDate}`,
        body: diningOpeningText({
          restaurant: alert.restaurant,
          date: offer.date,
          time: offer.time,
          partySize: alert.partySize,
          link: link(deps.env, shortCode),
        }),
      })
    }
  }
  // One update for every alert of the question, found or not.
  await recordAndQueue(
    deps,
    rows,
    deps.db
      .updateTable('diningAlerts')
      .set((eb) => ({
        lastCheckedAt: now,
        ...(found.size && {
          lastFoundAt: eb
            .case()
            .when('id', 'in', [...found])
            .then(now)
            .else(eb.ref('lastFoundAt'))
            .end(),
        }),
      }))
      .where(
        'id',
        'in',
        alerts.map((a) => a.id),
      ),
  )
  deps.metrics.checks.inc({ kind: 'dining', result: 'checked' }, alerts.length)
}

async function checkHotel(deps: CheckDeps, job: CheckJob, now: Date) {
  const alerts = await deps.db
    .selectFrom('hotelAlerts')
    .innerJoin('users', 'users.id', 'hotelAlerts.userId')
    .innerJoin('resorts', 'resorts.id', 'hotelAlerts.resortId')
    .select([
      'hotelAlerts.id',
      'hotelAlerts.userId',
      'hotelAlerts.checkInDate',
      'hotelAlerts.checkOutDate',
      'hotelAlerts.numberOfAdults',
      'hotelAlerts.agesOfChildren',
      'hotelAlerts.accessible',
      'users.phoneNumber',
      'resorts.name as resortName',
      'resorts.locationIdentifier',
      'resorts.sold',
      // The chosen room types come with the alert: no second round trip.
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('roomTypes')
            .select([
              'roomTypes.id',
              'roomTypes.name',
              'roomTypes.disneyRoomId',
              'roomTypes.disneyRoomCode',
            ])
            .where((inner) => inner('roomTypes.id', '=', inner.fn.any('hotelAlerts.roomTypeIds'))),
        ).as('roomTypes'),
    ])
    .where('hotelAlerts.id', 'in', job.alertIds)
    .where('hotelAlerts.status', '=', HOTEL_STATUS.running)
    .execute()
  const first = alerts[0]
  if (!first) return
  const ids = alerts.map((alert) => alert.id)
  const family: EndpointFamily =
    first.locationIdentifier === 'disneyland' ? 'dlr-hotel' : 'wdw-hotel'
  let openings
  try {
    openings = await throughBreaker(deps, family, () =>
      fetchRoomOpenings(
        {
          resort: {
            name: first.resortName,
            locationIdentifier: first.locationIdentifier,
            sold: first.sold,
          },
          checkInDate: first.checkInDate,
          checkOutDate: first.checkOutDate,
          adults: first.numberOfAdults,
          childAges: first.agesOfChildren,
          accessible: first.accessible,
        },
        { timeoutMs: deps.env.disney.timeoutMs, via: deps.env.disney.via },
      ),
    )
  } catch (error) {
    // The alert's own question cannot be asked: status 3 for these alerts, and nothing else.
    if (!(error instanceof AlertQuestionError)) throw error
    await deps.db
      .updateTable('hotelAlerts')
      .set({
        status: HOTEL_STATUS.errored,
        statusReason: error.message,
        lastCheckedAt: now,
        nextCheckAt: null,
      })
      .where('id', 'in', ids)
      .execute()
    deps.metrics.checks.inc({ kind: 'hotel', result: 'errored' }, alerts.length)
    return
  }

  // A room type matches by Disney's room id, or its code; our own id stands in where Disney's
  // is not in the catalogue (the simulator answers with it).
  const open = (room: (typeof first.roomTypes)[number]) =>
    openings.some(
      (opening) =>
        opening.roomId === (room.disneyRoomId ?? room.id) ||
        (room.disneyRoomCode !== null && opening.code === room.disneyRoomCode),
    )
  const slug =
    first.locationIdentifier === 'disneyland'
      ? DLR_SLUGS[first.resortName]
      : disneyResortSlug(first.resortName)
  const bookingUrl =
    first.locationIdentifier === 'disneyland'
      ? `https://disneyland.disney.go.com/hotels/${slug}/rates-rooms/`
      : `https://disneyworld.disney.go.com/resorts/${slug}/rates-rooms/`

  const rows: NewNotification[] = []
  for (const alert of alerts) {
    const room = alert.roomTypes.find(open)
    if (!room) continue
    const shortCode = newShortCode()
    rows.push({
      userId: alert.userId,
      alertKind: 'hotel',
      alertId: alert.id,
      openingKey: `${room.id}|${alert.checkInDate}|${alert.checkOutDate}`,
      toNumber: alert.phoneNumber,
      shortCode,
      seenAt: now,
      bookingUrl,
      body: hotelOpeningText({
        room: room.name,
        resort: alert.resortName,
        checkIn: alert.checkInDate,
        checkOut: alert.checkOutDate,
        link: link(deps.env, shortCode),
      }),
    })
  }
  const found = rows.map((row) => row.alertId)
  // One update for every alert of the question. A hotel alert that found its room has done its
  // job: one text, then completed.
  await recordAndQueue(
    deps,
    rows,
    deps.db
      .updateTable('hotelAlerts')
      .set((eb) => {
        const isFound = eb('id', 'in', found)
        return {
          lastCheckedAt: now,
          ...(found.length && {
            status: eb
              .case()
              .when(isFound)
              .then(HOTEL_STATUS.completed)
              .else(eb.ref('status'))
              .end(),
            lastFoundAt: eb.case().when(isFound).then(now).else(eb.ref('lastFoundAt')).end(),
            nextCheckAt: eb.case().when(isFound).then(null).else(eb.ref('nextCheckAt')).end(),
          }),
        }
      })
      .where('id', 'in', ids),
  )
  deps.metrics.checks.inc({ kind: 'hotel', result: 'checked' }, alerts.length)
}

/** One check job: one upstream call, then every alert waiting on it is evaluated. */
export function checkProcessor(deps: CheckDeps) {
  const readToken = diningTokenReader(deps.env)
  return async (job: Job<CheckJob>) => {
    const now = new Date()
    deps.metrics.lateness.observe(Math.max(0, (now.getTime() - job.data.scheduledFor) / 1000))
    try {
      if (job.data.kind === 'dining') await checkDining(deps, job.data, now, readToken)
      else await checkHotel(deps, job.data, now)
    } catch (error) {
      if (error instanceof UpstreamFault) {
        deps.logger.warn({ family: error.family, reason: error.reason, job: job.id }, error.message)
        deps.metrics.checks.inc(
          { kind: job.data.kind, result: 'upstream-fault' },
          job.data.alertIds.length,
        )
      }
      throw error
    }
  }
}
