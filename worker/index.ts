/**
 * The worker process (`npm run worker`). Any number may run on any machines against one Redis and
 * one Postgres; each beats a heartbeat that /healthz reads, and SIGTERM lets in-flight jobs finish.
 */
import 'dotenv/config'
import { hostname } from 'node:os'
import { Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { createDb } from '../db/client.ts'
import { getEnv } from '../app/env.server.ts'
import { beat, HEARTBEAT_INTERVAL_MS, removeBeat } from '../app/utils/heartbeat.server.ts'
import { createLogger } from '../app/utils/logger.server.ts'
import { startMocks } from '../mocks/index.ts'
import { maintenanceProcessor } from './maintenance.ts'
import { bullPrefix, maintenanceQueue, QUEUES } from './queues.ts'

let env: ReturnType<typeof getEnv>
try {
  env = getEnv()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const logger = createLogger('worker')
const workerId = `${hostname()}:${process.pid}`
const mocks = startMocks(env)

// BullMQ workers block on Redis; they must retry forever rather than give up on a command.
const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null })
connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'))
const db = createDb(env.databaseUrl)

const maintenance = maintenanceQueue(connection, env.redisPrefix)
await maintenance.upsertJobScheduler(
  'sweep-expired',
  { pattern: '17 * * * *' },
  { name: 'sweep-expired', data: { task: 'sweep-expired' } },
)

const workers = [
  new Worker(QUEUES.maintenance, maintenanceProcessor(db, logger), {
    connection,
    prefix: bullPrefix(env.redisPrefix),
    concurrency: 1,
  }),
]
for (const worker of workers) {
  worker.on('failed', (job, error) =>
    logger.error({ queue: worker.name, job: job?.id, err: error }, 'job failed'),
  )
}

async function heartbeat() {
  try {
    await beat(connection, env.redisPrefix, workerId)
  } catch (error) {
    logger.warn({ err: error }, 'heartbeat failed')
  }
}
await heartbeat()
const heartbeatTimer = setInterval(heartbeat, HEARTBEAT_INTERVAL_MS)
logger.info(
  { workerId, queues: workers.map((w) => w.name), mocks: Boolean(mocks) },
  'worker started',
)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'worker shutting down: finishing in-flight jobs')
  clearInterval(heartbeatTimer)
  // close() waits for the jobs being processed, then stops taking new ones.
  await Promise.all(workers.map((worker) => worker.close()))
  await maintenance.close()
  await removeBeat(connection, env.redisPrefix, workerId).catch(() => undefined)
  await connection.quit()
  await db.destroy()
  mocks?.close()
  logger.info('worker stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
