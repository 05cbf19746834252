import { UnrecoverableError, type Job } from 'bullmq'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import type { Env } from '../app/env.server.ts'
import {
  findTextToSend,
  optOut,
  takeTextToSend,
  untouchedUnsentTexts,
  updateText,
  type TextChanges,
} from '../app/models/outbox.server.ts'
import { recordConsentReply } from '../app/models/client-consent.server.ts'
import { deliveryStatus } from '../app/domain/delivery.ts'
import { findSentText, isUnsubscribedAtTwilio, sendSms } from '../app/utils/sms.server.ts'
import type { Metrics } from './metrics.ts'
import type { Queues, SmsJob } from './queues.ts'

/** Twilio errors that no retry can fix: a bad number, a number that opted out, and the like. */
function isPermanent(error: unknown) {
  const status = (error as { status?: number }).status
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429
}

/**
 * Sends one outbox row through Twilio, at most once. A row found "sending" was interrupted
 * mid-send (a worker died): Twilio is asked whether it went out before anything is resent. A text
 * on its way costs two writes: taking it, and recording what Twilio said.
 */
export function smsProcessor(deps: { db: DB; env: Env; logger: Logger; metrics: Metrics }) {
  return async (job: Job<SmsJob>) => {
    const row = await takeTextToSend(deps.db, job.data.notificationId)
    if (!row) return notTaken(deps, job.data.notificationId)
    const update = (changes: TextChanges) => updateText(deps.db, row.id, changes)

    if (row.statusBefore === 'sending') {
      const earlier = await findSentText(row.toNumber, row.body, new Date(row.createdAt))
      if (earlier) {
        await update({
          status: deliveryStatus(earlier.status) ?? 'queued',
          twilioSid: earlier.sid,
          sentAt: new Date(),
        })
        deps.metrics.texts.inc({ status: 'recovered' })
        return { sid: earlier.sid }
      }
    }
    let sent: Awaited<ReturnType<typeof sendSms>>
    try {
      sent = await sendSms(row.toNumber, row.body, {
        statusCallback: `${deps.env.appUrl}/webhooks/twilio/status`,
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // The number replied STOP to Twilio itself (Advanced Opt-Out): it is an opt-out here too.
      if (isUnsubscribedAtTwilio(error)) {
        await optOut(deps.db, row.toNumber)
        // A client's phone that did so has stopped that client's texts (decision 0035).
        await recordConsentReply(deps.db, row.toNumber, 'stop', new Date())
        await update({ status: 'skipped', error: 'The number replied STOP.' })
        deps.metrics.texts.inc({ status: 'skipped' })
        return { skipped: 'opted out at Twilio' }
      }
      if (isPermanent(error)) {
        await update({ status: 'failed', error: message })
        deps.metrics.texts.inc({ status: 'failed' })
        throw new UnrecoverableError(message)
      }
      // Transient: back to pending, and BullMQ retries with backoff.
      await update({ status: 'pending', error: message })
      deps.metrics.texts.inc({ status: 'retried' })
      throw error
    }
    // Twilio took it (queued, or accepted by a Messaging Service); its status callbacks move it
    // on. Should recording that fail (the database away), the row stays "sending" and the retry
    // asks Twilio before sending again: never back to "pending", never twice.
    await update({
      status: deliveryStatus(sent.status) ?? 'queued',
      twilioSid: sent.sid,
      sentAt: new Date(),
      error: null,
    })
    deps.metrics.texts.inc({ status: 'sent' })
    return { sid: sent.sid }
  }
}

/**
 * Why a text was not taken: its number opted out, or its opening closed before it could be sent
 * (it is skipped, and says why), or it was handled already.
 */
async function notTaken(deps: { db: DB; metrics: Metrics }, id: string) {
  const row = await findTextToSend(deps.db, id)
  if (!row || (row.status !== 'pending' && row.status !== 'sending'))
    return { skipped: 'already handled' }
  const error = row.optedOut
    ? 'The number replied STOP.'
    : row.openingClosed && row.status === 'pending'
      ? 'The opening closed before the text could be sent.'
      : null
  if (!error) return { skipped: 'already handled' }
  await updateText(deps.db, id, { status: 'skipped', error })
  deps.metrics.texts.inc({ status: 'skipped' })
  return { skipped: row.optedOut ? 'opted out' : 'opening closed' }
}

/** How long a text may sit in the outbox untouched before its send job is thought lost. */
const STRANDED_AFTER_MS = 60_000

/**
 * Queues again the texts untouched for a minute and not yet sent: their job was lost (Redis
 * restarted empty, or queueing failed after the row was written), failed before it could send,
 * or died mid-send with its worker and lost with Redis too, which leaves the row "sending": its
 * send asks Twilio first. The job id is the row id, so a job still waiting or running is left be.
 */
export async function requeueStrandedTexts(db: DB, queues: Queues, now = Date.now()) {
  const stranded = await untouchedUnsentTexts(db, new Date(now - STRANDED_AFTER_MS), 200)
  let requeued = 0
  for (const { id } of stranded) {
    const job = await queues.sms.getJob(id)
    if (!job) await queues.sms.add('send', { notificationId: id }, { jobId: id })
    else if (await job.isFailed()) await job.retry('failed')
    else continue
    requeued++
  }
  return requeued
}
