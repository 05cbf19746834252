import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { claimDueChecks, stopPastAlerts, type DueCheck } from '../app/models/monitoring.server.ts'
import { batchByKind, QUESTIONS_PER_JOB } from '../app/domain/schedule.ts'
import { getEnv } from '../app/env.server.ts'
import { releaseHeldTexts } from '../app/models/quiet-hours.server.ts'
import { wakeSnoozedAlerts } from '../app/models/snooze.server.ts'
import { queueText, type CheckJob, type Queues } from './queues.ts'
import { requeueStrandedTexts } from './sms.ts'

/**
 * The same questions due at the same moments, by the same claim, are the same job, however many
 * times it is added. The claim is part of it: a claim whose transaction rolled back after its jobs
 * were queued leaves them holding nothing, and the next claim of those alerts needs jobs of its own.
 */
export function checkJobId(job: CheckJob) {
  const hash = createHash('sha1')
  hash.update(`claim ${job.claimedAt}\n`)
  for (const question of job.questions)
    hash.update(`${question.queryKey}@${question.scheduledFor}\n`)
  return `${job.kind}-${hash.digest('hex').slice(0, 24)}`
}

/** The check jobs of a claim: its questions, a batch of them to a job. */
export function checkJobs(due: readonly DueCheck[]): CheckJob[] {
  return batchByKind(due, QUESTIONS_PER_JOB).map(({ kind, questions }) => ({
    kind,
    questions: questions.map(({ questionId, queryKey, scheduledFor }) => ({
      questionId,
      queryKey,
      scheduledFor,
    })),
    // One claim makes all of a tick's round: its questions share the moment.
    claimedAt: questions[0]!.claimedAt,
  }))
}

/** At most this many claim rounds a tick, so one tick never runs for long. */
const MAX_ROUNDS = 20

/**
 * A tick: stops alerts whose date has passed and wakes those whose snooze is over, then claims
 * due questions in bounded batches and enqueues them in check jobs of QUESTIONS_PER_JOB each,
 * queues again any text whose send job was lost, and releases the texts held for quiet hours
 * that have ended (decision 0031). Postgres holds the schedule; Redis only holds the work.
 */
export function tickProcessor(deps: { db: DB; queues: Queues; logger: Logger; batchSize: number }) {
  return async () => {
    const stopped = await stopPastAlerts(deps.db)
    const woken = await wakeSnoozedAlerts(deps.db)
    let claimed = 0
    let jobs = 0
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const checks = await claimDueChecks(deps.db, Date.now(), deps.batchSize, async (due) => {
        const batches = checkJobs(due)
        jobs += batches.length
        await deps.queues.check.addBulk(
          batches.map((job) => ({ name: job.kind, data: job, opts: { jobId: checkJobId(job) } })),
        )
      })
      claimed += checks.length
      if (checks.length < deps.batchSize) break
    }
    const requeued = await requeueStrandedTexts(deps.db, deps.queues)
    const released = await releaseHeldTexts(deps.db, { now: new Date(), appUrl: getEnv().appUrl })
    await Promise.all(released.map((id) => queueText(deps.queues.sms, id)))
    if (claimed || stopped || requeued || woken || released.length)
      deps.logger.info(
        { claimed, jobs, stopped, requeued, woken, released: released.length },
        'tick',
      )
    return { claimed, jobs, stopped, requeued, woken, released: released.length }
  }
}
