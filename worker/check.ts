import { statSync, readFileSync } from 'node:fs'
import { UnrecoverableError, type Job } from 'bullmq'
import { isUnavailable } from '../db/client.ts'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { timeMatches } from '../app/domain/dining-alert.ts'
import { firstOpenRoomType } from '../app/domain/room-keys.ts'
import { diningOpeningText, hotelOpeningText } from '../app/domain/texts.ts'
import type { Env } from '../app/env.server.ts'
import {
  diningAlertsToCheck,
  hotelAlertsToCheck,
  markHotelQuestionErrored,
  recordDiningCheck,
  recordHotelCheck,
} from '../app/models/check.server.ts'
import { newShortCode, type NewNotification } from '../app/models/outbox.server.ts'
import type { DriftRecorder } from './drift.ts'
import type { Metrics } from './metrics.ts'
import { CHECK_ATTEMPTS, type CheckJob, type CheckQuestion, type Queues } from './queues.ts'
import type { AnswerWatch } from './upstream/answer-watch.ts'
import type { CircuitBreaker } from './upstream/breaker.ts'
import { DESTINATION_HOSTS, fetchDiningAnswer, type DiningOffer } from './upstream/dining.ts'
import { AlertQuestionError, UpstreamFault, type EndpointFamily } from './upstream/errors.ts'
import { bookingPage, fetchRoomAnswer } from './upstream/hotels.ts'

export interface CheckDeps {
  db: DB
  queues: Queues
  breaker: CircuitBreaker
  drift: DriftRecorder
  answers: AnswerWatch
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

/** Calls Disney through the family's breaker, counting the outcome by the kind of answer. */
async function throughBreaker<T extends { kind: string }>(
  deps: CheckDeps,
  family: EndpointFamily,
  call: () => Promise<T>,
): Promise<T> {
  await deps.breaker.assertClosed(family)
  try {
    const answer = await call()
    await deps.breaker.success(family)
    deps.metrics.upstreamCalls.inc({ family, outcome: answer.kind })
    return answer
  } catch (error) {
    if (error instanceof UpstreamFault) {
      await deps.breaker.failure(error)
      deps.metrics.upstreamCalls.inc({ family, outcome: error.reason })
    }
    throw error
  }
}

/** Queues the texts of the outbox rows a check just wrote; the job id makes a second add a no-op. */
async function queueTexts(deps: CheckDeps, created: { id: string }[]) {
  if (created.length)
    await deps.queues.sms.addBulk(
      created.map((row) => ({
        name: 'send',
        data: { notificationId: row.id },
        opts: { jobId: row.id },
      })),
    )
}

function link(env: Env, shortCode: string) {
  return `${env.appUrl}/o/${shortCode}`
}

/** A question Disney could not answer this time: retried on its own, with backoff. */
interface Faulted {
  question: CheckQuestion
  fault: UpstreamFault
}

/**
 * Asks every question of a job at once, each for the alerts still waiting on it. A fault is
 * counted and kept aside so the other questions' answers are still written; anything else
 * fails the whole job.
 */
async function askEach<Alert extends { id: string }, Outcome>(
  deps: CheckDeps,
  job: Job<CheckJob>,
  alerts: Alert[],
  now: Date,
  ask: (question: CheckQuestion, alerts: Alert[]) => Promise<Outcome>,
) {
  const byId = new Map(alerts.map((alert) => [alert.id, alert]))
  const faulted: Faulted[] = []
  const outcomes = await Promise.all(
    job.data.questions.map(async (question) => {
      deps.metrics.lateness.observe(Math.max(0, (now.getTime() - question.scheduledFor) / 1000))
      const waiting = question.alertIds.flatMap((id) => byId.get(id) ?? [])
      if (waiting.length === 0) return []
      try {
        return [await ask(question, waiting)]
      } catch (error) {
        if (!(error instanceof UpstreamFault)) throw error
        deps.logger.warn({ family: error.family, reason: error.reason, job: job.id }, error.message)
        deps.metrics.checks.inc(
          { kind: job.data.kind, result: 'upstream-fault' },
          question.alertIds.length,
        )
        faulted.push({ question, fault: error })
        return []
      }
    }),
  )
  return { outcomes: outcomes.flat(), faulted }
}

/** After the answers are written: the job is retried with only the questions that faulted. */
async function retryFaulted(job: Job<CheckJob>, faulted: Faulted[]) {
  const first = faulted[0]
  if (!first) return
  if (faulted.length < job.data.questions.length)
    await job.updateData({ ...job.data, questions: faulted.map((entry) => entry.question) })
  throw first.fault
}

async function checkDining(deps: CheckDeps, job: Job<CheckJob>, now: Date, token: () => string) {
  const alerts = await diningAlertsToCheck(
    deps.db,
    job.data.questions.flatMap((question) => question.alertIds),
    job.data.claimedAt,
  )
  const { outcomes, faulted } = await askEach(deps, job, alerts, now, async (_, waiting) => {
    const first = waiting[0]!
    const destination = first.resortLocationIdentifier
    const answer = await throughBreaker(deps, 'dining', () =>
      fetchDiningAnswer(
        { destination, partySize: first.partySize, date: first.reserveDate },
        { token: token(), timeoutMs: deps.env.disney.timeoutMs, via: deps.env.disney.via },
      ),
    )
    await deps.answers.saw('dining', answer.kind === 'not-found' ? 'not-found' : 'data')
    if (answer.kind !== 'offers') return { alerts: waiting, rows: [] }
    await deps.drift.sawVenues(destination, answer.venues)
    // An answer lists every venue of the destination: each alert looks only at its own.
    const offersByVenue = new Map<string, DiningOffer[]>()
    for (const offer of answer.offers) {
      const offers = offersByVenue.get(offer.venueId)
      if (offers) offers.push(offer)
      else offersByVenue.set(offer.venueId, [offer])
    }
    const host = DESTINATION_HOSTS[destination]
    const rows: NewNotification[] = []
    for (const alert of waiting) {
      for (const offer of offersByVenue.get(alert.diningLocationId) ?? []) {
        if (!timeMatches(offer.time, alert)) continue
        const shortCode = newShortCode()
        rows.push({
          userId: alert.userId,
          alertKind: 'dining',
          alertId: alert.id,
          openingKey: `${offer.venueId}|${offer.date}|${offer.time}`,
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
    return { alerts: waiting, rows }
  })
  const checked = outcomes.flatMap((outcome) => outcome.alerts.map((alert) => alert.id))
  const rows = outcomes.flatMap((outcome) => outcome.rows)
  if (checked.length) {
    const created = await recordDiningCheck(deps.db, {
      alertIds: checked,
      found: [...new Set(rows.map((row) => row.alertId))],
      rows,
      now,
      claimedAt: job.data.claimedAt,
    })
    await queueTexts(deps, created)
    deps.metrics.checks.inc({ kind: 'dining', result: 'checked' }, checked.length)
  }
  await retryFaulted(job, faulted)
}

async function checkHotel(deps: CheckDeps, job: Job<CheckJob>, now: Date) {
  const alerts = await hotelAlertsToCheck(
    deps.db,
    job.data.questions.flatMap((question) => question.alertIds),
    job.data.claimedAt,
  )
  const { outcomes, faulted } = await askEach(deps, job, alerts, now, async (question, waiting) => {
    const first = waiting[0]!
    const ids = waiting.map((alert) => alert.id)
    const family: EndpointFamily =
      first.locationIdentifier === 'disneyland' ? 'dlr-hotel' : 'wdw-hotel'
    let answer
    try {
      answer = await throughBreaker(deps, family, () =>
        fetchRoomAnswer(
          {
            resort: {
              name: first.resortName,
              locationIdentifier: first.locationIdentifier,
              disneySlug: first.sold ? first.disneySlug : null,
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
      // The alerts' own question cannot be asked: status 3 for these alerts, and nothing else.
      if (!(error instanceof AlertQuestionError)) throw error
      await markHotelQuestionErrored(deps.db, ids, error.message, now)
      deps.metrics.checks.inc({ kind: 'hotel', result: 'errored' }, waiting.length)
      return { ids: [], rows: [], notBookableYet: false }
    }
    const slug = first.disneySlug!
    if (answer.kind === 'rooms') {
      await deps.drift.sawRooms(first.locationIdentifier, slug, answer.rooms)
      if (answer.reasonsUnavailable.length) {
        // Date-wide reasons do not override the rooms: Disney may still price every room.
        deps.logger.debug(
          { family, slug, reasons: answer.reasonsUnavailable, question: question.queryKey },
          'answer gave date-wide reasons unavailable',
        )
        for (const reason of answer.reasonsUnavailable)
          deps.metrics.reasonsUnavailable.inc({ family, reason })
      }
    }
    const rooms = answer.kind === 'rooms' ? answer.rooms : []
    const bookingUrl = bookingPage(first.locationIdentifier, slug)
    const rows: NewNotification[] = []
    for (const alert of waiting) {
      const room = firstOpenRoomType(rooms, alert.roomTypes)
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
    return { ids, rows, notBookableYet: answer.kind === 'not-bookable-yet' }
  })
  const checked = outcomes.flatMap((outcome) => outcome.ids)
  const rows = outcomes.flatMap((outcome) => outcome.rows)
  if (checked.length) {
    const created = await recordHotelCheck(deps.db, {
      alertIds: checked,
      found: rows.map((row) => row.alertId),
      notBookableYet: outcomes.flatMap((outcome) => (outcome.notBookableYet ? outcome.ids : [])),
      rows,
      now,
      claimedAt: job.data.claimedAt,
    })
    await queueTexts(deps, created)
    deps.metrics.checks.inc({ kind: 'hotel', result: 'checked' }, checked.length)
  }
  await retryFaulted(job, faulted)
}

/**
 * One check job: every question asked of Disney once, at once, then every alert waiting on them
 * evaluated and written in one statement (decision 0015).
 */
export function checkProcessor(deps: CheckDeps) {
  const readToken = diningTokenReader(deps.env)
  return async (job: Job<CheckJob>) => {
    const now = new Date()
    try {
      if (job.data.kind === 'dining') await checkDining(deps, job, now, readToken)
      else await checkHotel(deps, job, now)
    } catch (error) {
      // The database away: retried until it is back (the backoff caps at CHECK_DATABASE_RETRY_MS),
      // since the claim has moved these alerts' next check on. Anything else gives up as before.
      if (isUnavailable(error) || job.attemptsMade + 1 < CHECK_ATTEMPTS) throw error
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error))
    }
  }
}
