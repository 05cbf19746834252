import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { claimDueChecks, stopPastAlerts, type DueCheck } from '../app/models/monitoring.server.ts'
import type { Queues } from './queues.ts'
import { requeueStrandedTexts } from './sms.ts'

/** The same question due at the same moment is the same job, however many times it is added. */
export function checkJobId(check: DueCheck) {
  const key = createHash('sha1').update(check.queryKey).digest('hex').slice(0, 24)
  return `${check.kind}-${key}-${check.scheduledFor}`
}

/** At most this many claim rounds a tick, so one tick never runs for long. */
const MAX_ROUNDS = 20

/**
 * A tick: stops alerts whose date has passed, then claims due alerts in bounded batches and
 * enqueues one check job per question, and queues again any text whose send job was lost. Postgres holds the schedule; Redis only holds the work.
 */
export function tickProcessor(deps: { db: DB; queues: Queues; logger: Logger; batchSize: number }) {
  return async () => {
    const stopped = await stopPastAlerts(deps.db)
    let claimed = 0
    let jobs = 0
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const checks = await claimDueChecks(deps.db, Date.now(), deps.batchSize, async (due) => {
        await deps.queues.check.addBulk(
          due.map((check) => ({
            name: check.kind,
            data: check,
            opts: { jobId: checkJobId(check) },
          })),
        )
      })
      const alerts = checks.reduce((sum, check) => sum + check.alertIds.length, 0)
      claimed += alerts
      jobs += checks.length
      if (alerts < deps.batchSize) break
    }
    const requeued = await requeueStrandedTexts(deps.db, deps.queues)
    if (claimed || stopped || requeued)
      deps.logger.info({ claimed, jobs, stopped, requeued }, 'tick')
    return { claimed, jobs, stopped, requeued }
  }
}
