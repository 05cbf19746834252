import type { Job } from 'bullmq'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { deleteOldAnalyticsEvents } from '../app/models/analytics.server.ts'
import { deleteExpiredSessions } from '../app/models/session.server.ts'
import { deleteStaleCodes } from '../app/models/verification.server.ts'
import { deleteStalePendingAlerts } from '../app/models/pending-alert.server.ts'
import { tidyOpenings } from '../app/models/opening.server.ts'
import { deleteOldIncidents } from '../app/models/incident.server.ts'
import { deleteOldPriceChanges } from '../app/models/price-history.server.ts'
import { deleteUnaskedQuestions, refreshQuestions } from '../app/models/question.server.ts'
import type { MaintenanceJob, TextQueue } from './queues.ts'
import { sendPlanEndReminders } from './reminders.ts'

/**
 * Hourly housekeeping: sessions, login codes and sign-in drafts past any use are deleted, and
 * analytics events older than their retention period (ANALYTICS_RETENTION_DAYS); every
 * question's interval is refreshed, the openings of those no longer asked close, closed openings
 * past their retention go, questions no alert asks are deleted, incidents over for 30 days, and
 * price history past its use (a stay's 30 days after check-in, a room's older rows);
 * then the reminder texts of trials and cancelled plans ending within two days are queued.
 */
export function maintenanceProcessor(
  db: DB,
  logger: Logger,
  options: { analyticsRetentionDays: number; queues: { sms: TextQueue }; appUrl: string },
) {
  return async (job: Job<MaintenanceJob>) => {
    const sessions = await deleteExpiredSessions(db)
    const codes = await deleteStaleCodes(db)
    const drafts = await deleteStalePendingAlerts(db)
    const analyticsEvents = await deleteOldAnalyticsEvents(db, options.analyticsRetentionDays)
    // What time alone changes (a trial ending) reaches the questions here; unasked ones go.
    const now = new Date()
    const questions = await refreshQuestions(db, 'all', now)
    const oldOpenings = await tidyOpenings(db, now)
    const unasked = await deleteUnaskedQuestions(db)
    const oldIncidents = await deleteOldIncidents(db, now)
    const oldPrices = await deleteOldPriceChanges(db, now)
    const swept = {
      sessions,
      codes,
      drafts,
      analyticsEvents,
      questions,
      oldOpenings,
      unasked,
      oldIncidents,
      oldPrices,
    }
    logger.info(
      { job: job.id, ...swept },
      'swept expired sessions, login codes, drafts, analytics events, openings, unasked questions, old incidents and old prices',
    )
    const reminders = await sendPlanEndReminders({
      db,
      logger,
      queues: options.queues,
      appUrl: options.appUrl,
    })
    return { ...swept, reminders }
  }
}
