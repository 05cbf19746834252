/**
 * The worker's processors wired as `worker/index.ts` wires them, against this test file's own
 * database and Redis prefix, for integration tests that run ticks and checks by hand.
 */
import type { Job } from 'bullmq'
import { sql } from 'kysely'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, beforeEach } from 'vitest'
import { catalogueResort, createAlertRow, createUser, daysFromToday } from '../../db/factories.ts'
import { configureSimulator, resetSimulator } from '../../mocks/disney.ts'
import { checkDeps, checkProcessor } from '../../worker/check.ts'
import { createMetrics } from '../../worker/metrics.ts'
import { createQueues, type CheckJob } from '../../worker/queues.ts'
import { tickProcessor } from '../../worker/scheduler.ts'
import { smsProcessor } from '../../worker/sms.ts'
import { ENDPOINT_FAMILIES, upstreamKey } from '~/utils/upstream-health.server'
import { getEnv } from '~/env.server'
import { questionsOfAlerts } from '~/models/question.server'
import { getDb } from '~/utils/db.server'

export const env = getEnv()
export const db = getDb()
export const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null })
export const queues = createQueues(connection, env.redisPrefix)
export const metrics = createMetrics()
export const logger = pino({ level: 'silent' })
export const deps = checkDeps({ db, queues, metrics, logger, env }, connection)
export const { drift, screen } = deps
export const tick = tickProcessor({ db, queues, logger, batchSize: 500 })
export const check = checkProcessor(deps)
export const sendText = smsProcessor({ db, env, logger, metrics })

afterAll(async () => {
  await Promise.all(Object.values(queues).map((queue) => queue.close()))
  await connection.quit()
})

beforeEach(async () => {
  resetSimulator()
  // Each test asks Disney afresh: no multi-resort answer of an earlier test is kept.
  const screened = await connection.keys(`${env.redisPrefix}:resort-screen:*`)
  if (screened.length) await connection.del(...screened)
  await queues.check.obliterate({ force: true })
  await queues.sms.obliterate({ force: true })
  await connection.del(
    ...ENDPOINT_FAMILIES.flatMap((family) =>
      (['failures', 'open-until', 'fault', 'not-found-since'] as const).map((part) =>
        upstreamKey(env.redisPrefix, family, part),
      ),
    ),
  )
})

/** A job as BullMQ hands it to a processor, its data updatable as a retry would see it. */
export function asJob<T>(data: T, id = 'test') {
  const job = {
    id,
    data,
    attemptsMade: 0,
    updateData: async (next: T) => {
      job.data = next
    },
  }
  return job as unknown as Job<T>
}

/**
 * A check job of some alerts' questions, claimed now as the tick would at their alerts' slot:
 * a last check is put a day back (the slowest plan's interval), so a slot of every plan
 * lies between it and this one and every alert acts on the answer (decision 0028). With
 * `asScheduled`, the last check stays as it was: the test moves the clock itself; with `only`,
 * the job asks just those of the alerts' questions (a flexible alert's are asked apart).
 */
export async function questionJob(
  kind: CheckJob['kind'],
  alertIds: string[],
  { asScheduled = false, only }: { asScheduled?: boolean; only?: readonly number[] } = {},
) {
  const claimedAt = Date.now()
  const dayBack = new Date(claimedAt - 24 * 60 * 60_000)
  const questions = await db
    .updateTable('questions')
    .set({
      claimedAt: new Date(claimedAt),
      // A question never asked stays so (only an answered one is screened, decision 0033).
      ...(!asScheduled && {
        lastCheckedAt: sql<Date>`case when last_checked_at is not null then least(last_checked_at, ${dayBack}) end`,
      }),
    })
    .where(
      'id',
      'in',
      (await questionsOfAlerts(db, kind, alertIds)).filter((id) => !only || only.includes(id)),
    )
    .returning(['id', 'key'])
    .execute()
  return asJob<CheckJob>({
    kind,
    claimedAt,
    questions: questions.map((row) => ({
      questionId: row.id,
      queryKey: row.key,
      scheduledFor: claimedAt,
    })),
  })
}

/** The queued check jobs that ask an alert's question. */
export async function checkJobsFor(kind: CheckJob['kind'], alertId: string) {
  const asked = await questionsOfAlerts(db, kind, [alertId])
  return (await queues.check.getJobs(['waiting'])).filter((job) =>
    job.data.questions.some((question) => asked.includes(question.questionId)),
  )
}

/** A user whose plan lets alerts be checked. */
export async function subscriber(planId = 'lightning-lane', overrides = {}) {
  return createUser(db, { planId, trialStartUtc: new Date(), ...overrides })
}

const ROYAL_TABLE = '90002464' // Cinderella's Royal Table, the factory's dining alert
let diningDay = 5

/**
 * A subscriber's dining alert, open all day, on a day no other alert of the file asks about (the
 * file's tests share one database); `open` sets the times Disney then answers for that day.
 */
export async function diningAlertOfItsOwnDay(planId?: string) {
  const user = await subscriber(planId)
  const date = daysFromToday(diningDay++)
  const alert = await createAlertRow(db, 'dining', user.id, {
    reserveDate: date,
    timeRangeStart: '07:00:00',
    timeRangeEnd: '22:00:00',
  })
  const open = (...at: string[]) =>
    configureSimulator({
      script: { dining: at.map((time) => `${ROYAL_TABLE}|${date}|${time}`), rooms: [] },
    })
  return { user, alert, date, open }
}

/**
 * A user's alert for four nights at Pop Century, `days` from today, in either of two of its room
 * types, split stays on (`fields`: a ceiling, a client...). `stay(from, to)` is part of that stay
 * in the simulator's words, and `openSplit(nights)` has Disney answer the first room open for the
 * first `nights` nights and the second room for the rest.
 */
export async function splitStayAlert(userId: string, days: number, fields = {}) {
  const pop = await catalogueResort(db)
  const [first, second] = pop.rooms.filter((room) => room.disneyRoomCodes.length)
  const alert = await createAlertRow(db, 'hotel', userId, {
    resorts: [{ resortId: pop.resort.id, roomIds: [first!.id, second!.id] }],
    checkInDate: daysFromToday(days),
    latestCheckInDate: daysFromToday(days),
    minNights: 4,
    maxNights: 4,
    splitStays: true,
    ...fields,
  })
  const stay = (from: number, to: number) =>
    `${daysFromToday(days + from)}/${daysFromToday(days + to)}`
  const openSplit = (nights: number) =>
    configureSimulator({
      script: {
        dining: [],
        rooms: [
          `${first!.disneyRoomCodes[0]}@${stay(0, nights)}`,
          `${second!.disneyRoomCodes[0]}@${stay(nights, 4)}`,
        ],
      },
    })
  return { alert, first: first!, second: second!, stay, openSplit }
}

/** Runs a tick and every check job it enqueued, as the worker would. */
export async function tickAndCheck() {
  const result = await tick()
  const jobs = await queues.check.getJobs(['waiting', 'delayed', 'prioritized'])
  for (const job of jobs) {
    await check(asJob<CheckJob>(job.data, job.id))
    await job.remove()
  }
  return { ...result, jobs }
}

/** One check of some alerts, as a job the tick would have queued. */
export async function checkNow(kind: CheckJob['kind'], alertIds: string[]) {
  return check(await questionJob(kind, alertIds))
}

export { alertRow, textRow, textsOf } from './rows.ts'
