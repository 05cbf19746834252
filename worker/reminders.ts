import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { billingDate } from '../app/domain/billing.ts'
import { dueReminder, REMINDER_LEAD_MS } from '../app/domain/reminders.ts'
import { planEndText } from '../app/domain/texts.ts'
import { planEndCandidates, recordPlanEndReminder } from '../app/models/reminder.server.ts'
import { queueText, type TextQueue } from './queues.ts'

export interface ReminderDeps {
  db: DB
  queues: { sms: TextQueue }
  logger: Logger
  appUrl: string
}

/**
 * Texts each account whose trial or cancelled plan ends within the next 48 hours, once per end:
 * the reminder's record is written with its text, and a second run, another worker or a plan
 * cancelled again for the same period finds it and sends nothing. A number that replied STOP
 * is recorded as reminded and never texted; one that replies STOP after this is skipped by the
 * send job, as every text is. Should queueing fail, the text waits in the outbox for the tick.
 */
export async function sendPlanEndReminders(deps: ReminderDeps, now = new Date()) {
  let texted = 0
  let skipped = 0
  for (const candidate of await planEndCandidates(deps.db, now, REMINDER_LEAD_MS)) {
    const end = dueReminder(candidate, now)
    if (!end) continue
    const body = candidate.optedOut
      ? null
      : planEndText({ kind: end.kind, endsOn: billingDate(end.endsAt), appUrl: deps.appUrl })
    const recorded = await recordPlanEndReminder(deps.db, {
      ...end,
      userId: candidate.userId,
      toNumber: candidate.phoneNumber,
      body,
    })
    if (!recorded) continue
    if (recorded.notificationId) {
      await queueText(deps.queues.sms, recorded.notificationId)
      texted++
    } else skipped++
  }
  if (texted || skipped) deps.logger.info({ texted, skipped }, 'plan end reminders')
  return { texted, skipped }
}
