/**
 * The worker process (`npm run worker`). Any number may run on any machines against one Redis and
 * one Postgres: a job scheduler ticks, ticks claim due alerts in Postgres, checks call Disney
 * once per question, and texts go out through the outbox. SIGTERM lets in-flight jobs finish.
 */
import 'dotenv/config'
import { hostname } from 'node:os'
import { Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { createDb } from '../db/client.ts'
import { jobLimiter, QUESTIONS_PER_JOB } from '../app/domain/schedule.ts'
import { getEnvOrExit } from '../app/env.server.ts'
import { HEARTBEAT_INTERVAL_MS, removeBeat } from '../app/utils/heartbeat.server.ts'
import { createLogger } from '../app/utils/logger.server.ts'
import { ENDPOINT_FAMILIES } from '../app/utils/upstream-health.server.ts'
import { startMocks } from '../mocks/index.ts'
import { checkDeps, checkProcessor } from './check.ts'
import { maintenanceProcessor } from './maintenance.ts'
import { createMetrics, serveMetrics, watchEventLoop } from './metrics.ts'
import {
  bullPrefix,
  createQueues,
  retryBackoff,
  QUEUES,
  SWEEP_SCHEDULER,
  TICK_SCHEDULER,
} from './queues.ts'
import { tickProcessor } from './scheduler.ts'
import { smsProcessor } from './sms.ts'
import { IncidentRecorder } from './incidents.ts'

const env = getEnvOrExit()

/** How often the counts of what answers listed and the catalogue did not know are written. */
const DRIFT_FLUSH_MS = 10_000

const logger = createLogger('worker')
const workerId = `${hostname()}:${process.pid}`
const mocks = startMocks(env, { calls: ['disney', 'twilio'] })

// BullMQ workers block on Redis; they must retry forever rather than give up on a command.
const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null })
connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'))
// Checks queue for a connection rather than each holding one: Postgres allows ~100 in all.
const db = createDb(env.databaseUrl, {
  max: Math.min(env.monitoring.concurrency + 5, 25),
  onIdleError: (error) => logger.warn({ err: error }, 'database connection lost'),
})
const queues = createQueues(connection, env.redisPrefix)
const metrics = createMetrics()
const eventLoop = watchEventLoop(metrics)
// A breaker's opening and closing, and a gap in the heartbeats, are incidents on /status.
const incidents = new IncidentRecorder(db, logger)
const checks = checkDeps({ db, queues, metrics, logger, env }, connection, incidents.breakerChanged)
// The heartbeat reports the breakers and writes the check counts; drift is flushed on a timer.
const { breaker, checkCounts, drift } = checks

/**
 * The job schedulers, upserted by every worker (Redis keeps one of each), and again whenever one
 * is missing: a Redis that restarts empty loses them, and the tick comes back within a beat.
 */
async function ensureSchedules() {
  if (!(await queues.maintenance.getJobScheduler(SWEEP_SCHEDULER)))
    await queues.maintenance.upsertJobScheduler(
      SWEEP_SCHEDULER,
      { pattern: '17 * * * *' },
      { name: 'sweep-expired', data: { task: 'sweep-expired' } },
    )
  if (!(await queues.tick.getJobScheduler(TICK_SCHEDULER)))
    await queues.tick.upsertJobScheduler(
      TICK_SCHEDULER,
      { every: env.monitoring.tickIntervalMs },
      { name: 'claim-due', data: { task: 'claim-due' } },
    )
}
await ensureSchedules()

const prefix = bullPrefix(env.redisPrefix)
const settings = { backoffStrategy: retryBackoff }
const workers = [
  new Worker(
    QUEUES.maintenance,
    maintenanceProcessor(db, logger, {
      analyticsRetentionDays: env.analytics.retentionDays,
      queues,
      appUrl: env.appUrl,
    }),
    {
      connection,
      prefix,
      concurrency: 1,
    },
  ),
  new Worker(
    QUEUES.tick,
    tickProcessor({ db, queues, logger, batchSize: env.monitoring.claimBatchSize }),
    {
      connection,
      prefix,
      concurrency: 1,
    },
  ),
  // The limiter is global across every worker: adding workers never hammers Disney.
  new Worker(QUEUES.check, checkProcessor(checks), {
    connection,
    prefix,
    concurrency: env.monitoring.concurrency,
    limiter: jobLimiter(env.disney.ratePerSecond, QUESTIONS_PER_JOB),
    settings,
  }),
  new Worker(QUEUES.sms, smsProcessor({ db, env, logger, metrics }), {
    connection,
    prefix,
    concurrency: env.monitoring.smsPerSecond,
    limiter: { max: env.monitoring.smsPerSecond, duration: 1000 },
    settings,
  }),
]
// A lost lock means the event loop stalled past the lock's renewal: the job runs again.
const lostLock = (error: Error) => /missing lock/i.test(error.message)
for (const worker of workers) {
  worker.on('failed', (job, error) => {
    if (lostLock(error)) metrics.lostLocks.inc({ queue: worker.name })
    logger.warn({ queue: worker.name, job: job?.id, err: error.message }, 'job failed')
  })
  // Without a listener a connection error would be thrown; BullMQ reconnects by itself.
  worker.on('error', (error) => {
    if (lostLock(error)) metrics.lostLocks.inc({ queue: worker.name })
    logger.warn({ queue: worker.name, err: error }, 'worker error')
  })
  worker.on('stalled', () => metrics.lostLocks.inc({ queue: worker.name }))
}
for (const queue of Object.values(queues))
  queue.on('error', (error) => logger.warn({ queue: queue.name, err: error }, 'queue error'))

const metricsServer = env.monitoring.metricsPort
  ? serveMetrics(metrics, queues, env.monitoring.metricsPort)
  : null
metricsServer?.on('error', (error) =>
  logger.warn({ err: error }, 'metrics port unavailable; metrics not served'),
)

async function heartbeat() {
  try {
    await incidents.beat(connection, env.redisPrefix, workerId)
    await ensureSchedules()
    for (const family of ENDPOINT_FAMILIES)
      metrics.breakerOpen.set({ family }, (await breaker.isOpen(family)) ? 1 : 0)
    await checkCounts.flush()
  } catch (error) {
    logger.warn({ err: error }, 'heartbeat failed')
  }
}
const heartbeatTimer = setInterval(heartbeat, HEARTBEAT_INTERVAL_MS)
const driftTimer = setInterval(() => void drift.flush(), DRIFT_FLUSH_MS)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'worker shutting down: finishing in-flight jobs')
  clearInterval(heartbeatTimer)
  clearInterval(driftTimer)
  // close() waits for the jobs being processed, then stops taking new ones.
  await Promise.all(workers.map((worker) => worker.close()))
  await drift.flush()
  await checkCounts.flush().catch(() => undefined)
  await Promise.all(Object.values(queues).map((queue) => queue.close()))
  metricsServer?.close()
  await removeBeat(connection, env.redisPrefix, workerId).catch(() => undefined)
  await connection.quit()
  await db.destroy()
  mocks?.close()
  logger.info(
    { eventLoopDelayP99Ms: eventLoop.p99Ms(), eventLoopDelayMaxMs: eventLoop.maxMs() },
    'worker stopped',
  )
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

// The first beat only once a SIGTERM would be handled: whoever waits for it may stop us next.
await heartbeat()
logger.info(
  { workerId, queues: workers.map((w) => w.name), mocks: Boolean(mocks) },
  'worker started',
)
