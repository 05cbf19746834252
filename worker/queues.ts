import { Queue, type ConnectionOptions } from 'bullmq'
import type { Redis } from 'ioredis'
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

/** One question to Disney and the alerts waiting on its answer. */
export interface CheckQuestion {
  queryKey: string
  alertIds: string[]
  /** When it was due, to measure how late it is asked. */
  scheduledFor: number
}

/** Up to QUESTIONS_PER_JOB questions of one kind (decision 0015). */
export interface CheckJob {
  kind: AlertKind
  questions: CheckQuestion[]
}

export interface SmsJob {
  notificationId: string
}

export function bullPrefix(redisPrefix: string) {
  return `${redisPrefix}:bull`
}

export function createQueues(connection: ConnectionOptions, redisPrefix: string) {
  const prefix = bullPrefix(redisPrefix)
  const defaults = { removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } }
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
    // An upstream fault is retried with backoff and jitter (see checkBackoff) before the check gives up.
    check: new Queue<CheckJob>(QUEUES.check, {
      connection,
      prefix,
      defaultJobOptions: { ...defaults, attempts: 3, backoff: { type: 'jittered' } },
    }),
    // A transient Twilio failure is retried; the outbox row makes a retry harmless.
    sms: new Queue<SmsJob>(QUEUES.sms, {
      connection,
      prefix,
      defaultJobOptions: { ...defaults, attempts: 5, backoff: { type: 'jittered' } },
    }),
  }
}
export type Queues = ReturnType<typeof createQueues>

/** Exponential backoff with full jitter: 1 s, 2 s, 4 s … each drawn between half and all of it. */
export function jitteredBackoff(attemptsMade: number): number {
  const ceiling = Math.min(60_000, 1000 * 2 ** Math.max(0, attemptsMade - 1))
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2))
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
