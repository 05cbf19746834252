import { Queue, type ConnectionOptions } from 'bullmq'
import type { Redis } from 'ioredis'
import { isUnavailable } from '../db/client.ts'
import type { AlertKind } from '../app/domain/alerts.ts'

/** Queue names and their job payloads, shared by whoever adds and whoever processes. */
export const QUEUES = {
  maintenance: 'maintenance',
  tick: 'tick',
  check: 'check',
  sms: 'sms',
} as const

/** The ids of the job schedulers (one of each in Redis, whichever worker upserts them). */
export const TICK_SCHEDULER = 'claim-due'
export const SWEEP_SCHEDULER = 'sweep-expired'

export interface MaintenanceJob {
  task: 'sweep-expired'
}

export interface TickJob {
  task: 'claim-due'
}

/** One question to Disney (a row of `questions`, decision 0028). */
export interface CheckQuestion {
  questionId: number
  queryKey: string
  /** When it was due, to measure how late it is asked. */
  scheduledFor: number
}

/** Up to QUESTIONS_PER_JOB questions of one kind, claimed together (decision 0015). */
export interface CheckJob {
  kind: AlertKind
  questions: CheckQuestion[]
  /** The claim that made it: the job asks only questions it still holds. */
  claimedAt: number
}

export interface SmsJob {
  notificationId: string
}

export function bullPrefix(redisPrefix: string) {
  return `${redisPrefix}:bull`
}

const KEEP_JOBS = { removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } }

/**
 * The texts' queue. A transient Twilio failure is retried; the outbox row makes a retry harmless.
 * The web adds to it too (a test text), so both build it here with the same options.
 */
export function createSmsQueue(connection: ConnectionOptions, redisPrefix: string) {
  return new Queue<SmsJob>(QUEUES.sms, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: { ...KEEP_JOBS, attempts: 5, backoff: { type: 'jittered' } },
  })
}

/** What queueing a text needs of the texts' queue. */
export type TextQueue = Pick<Queue<SmsJob>, 'add'>

/** Queues the send job of an outbox row; the job id is the row's, so a second add is a no-op. */
export function queueText(queue: TextQueue, notificationId: string) {
  return queue.add('send', { notificationId }, { jobId: notificationId })
}

export function createQueues(connection: ConnectionOptions, redisPrefix: string) {
  const prefix = bullPrefix(redisPrefix)
  const defaults = KEEP_JOBS
  return {
    maintenance: new Queue<MaintenanceJob>(QUEUES.maintenance, {
      connection,
      prefix,
      defaultJobOptions: defaults,
    }),
    tick: new Queue<TickJob>(QUEUES.tick, {
      connection,
      prefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: 100 },
    }),
    // An upstream fault is retried with backoff and jitter CHECK_ATTEMPTS times before the check
    // gives up; the database away, until it is back (checkProcessor, retryBackoff).
    check: new Queue<CheckJob>(QUEUES.check, {
      connection,
      prefix,
      defaultJobOptions: {
        ...defaults,
        attempts: CHECK_ATTEMPTS_WHILE_DATABASE_AWAY,
        backoff: { type: 'jittered' },
      },
    }),
    sms: createSmsQueue(connection, redisPrefix),
  }
}
export type Queues = ReturnType<typeof createQueues>

/** Exponential backoff with full jitter: 1 s, 2 s, 4 s … each drawn between half and all of it. */
export function jitteredBackoff(attemptsMade: number, capMs = 60_000): number {
  const ceiling = Math.min(capMs, 1000 * 2 ** Math.max(0, attemptsMade - 1))
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
}

/** How many times a check is tried when Disney faults. */
export const CHECK_ATTEMPTS = 3
/**
 * A check the database could not serve is tried again at most this long after the last try:
 * it is asked again within this long of the database coming back, and an outage costs each
 * waiting job one try in this long, not a storm of them.
 */
export const CHECK_DATABASE_RETRY_MS = 10_000
/** A day of tries at that pace: an outage of any length we would wait out. */
const CHECK_ATTEMPTS_WHILE_DATABASE_AWAY = (24 * 60 * 60 * 1000) / CHECK_DATABASE_RETRY_MS

/** The backoff of every queue: shorter and capped while the database is away. */
export function retryBackoff(attemptsMade: number, _type?: string, error?: Error) {
  return isUnavailable(error)
    ? jitteredBackoff(attemptsMade, CHECK_DATABASE_RETRY_MS)
    : jitteredBackoff(attemptsMade)
}

const tickQueues = new WeakMap<Redis, Queue>()

/** Whether the tick's job scheduler exists in Redis (read by /healthz, on its connection). */
export async function tickScheduled(connection: Redis, redisPrefix: string) {
  let queue = tickQueues.get(connection)
  if (!queue) {
    queue = new Queue(QUEUES.tick, { connection, prefix: bullPrefix(redisPrefix) })
    queue.on('error', () => undefined) // the health check reports Redis trouble itself
    tickQueues.set(connection, queue)
  }
  return Boolean(await queue.getJobScheduler(TICK_SCHEDULER))
}
