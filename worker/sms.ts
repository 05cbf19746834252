import { UnrecoverableError, type Job } from 'bullmq'
import type { Logger } from 'pino'
import type { Updateable } from 'kysely'
import type { DB } from '../db/client.ts'
import type { NotificationsTable } from '../db/schema.ts'
import type { Env } from '../app/env.server.ts'
import { isOptedOut } from '../app/models/monitoring.server.ts'
import { findSentText, sendSms } from '../app/utils/sms.server.ts'
import type { Metrics } from './metrics.ts'
import type { SmsJob } from './queues.ts'

/** Twilio errors that no retry can fix: a bad number, a number that opted out, and the like. */
function isPermanent(error: unknown) {
  const status = (error as { status?: number }).status
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429
}

/**
 * Sends one outbox row through Twilio, at most once. A row found "sending" was interrupted
 * mid-send (a worker died): Twilio is asked whether it went out before anything is resent.
 */
export function smsProcessor(deps: { db: DB; env: Env; logger: Logger; metrics: Metrics }) {
  return async (job: Job<SmsJob>) => {
    const row = await deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', job.data.notificationId)
      .executeTakeFirst()
    if (!row || (row.status !== 'pending' && row.status !== 'sending'))
      return { skipped: 'already handled' }
    const update = (changes: Updateable<NotificationsTable>) =>
      deps.db
        .updateTable('notifications')
        .set({ ...changes, updatedAt: new Date() })
        .where('id', '=', row.id)
        .execute()

    if (await isOptedOut(deps.db, row.toNumber)) {
      await update({ status: 'skipped', error: 'The number replied STOP.' })
      deps.metrics.texts.inc({ status: 'skipped' })
      return { skipped: 'opted out' }
    }
    if (row.status === 'sending') {
      const earlier = await findSentText(row.toNumber, row.body, new Date(row.createdAt))
      if (earlier) {
        await update({ status: 'sent', twilioSid: earlier.sid, sentAt: new Date() })
        deps.metrics.texts.inc({ status: 'recovered' })
        return { sid: earlier.sid }
      }
    }
    await update({ status: 'sending', attempts: row.attempts + 1 })
    try {
      const sent = await sendSms(row.toNumber, row.body, {
        statusCallback: `${deps.env.appUrl}/webhooks/twilio/status`,
      })
      await update({ status: 'sent', twilioSid: sent.sid, sentAt: new Date(), error: null })
      deps.metrics.texts.inc({ status: 'sent' })
      return { sid: sent.sid }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
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
  }
}
