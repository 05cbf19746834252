import type { Job } from 'bullmq'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { deleteExpiredSessions } from '../app/models/session.server.ts'
import { deleteStaleCodes } from '../app/models/verification.server.ts'
import { deleteStalePendingAlerts } from '../app/models/pending-alert.server.ts'
import type { MaintenanceJob } from './queues.ts'

/** Hourly housekeeping: sessions, login codes and sign-in drafts past any use are deleted. */
export function maintenanceProcessor(db: DB, logger: Logger) {
  return async (job: Job<MaintenanceJob>) => {
    const sessions = await deleteExpiredSessions(db)
    const codes = await deleteStaleCodes(db)
    const drafts = await deleteStalePendingAlerts(db)
    logger.info(
      { job: job.id, sessions, codes, drafts },
      'swept expired sessions, login codes and drafts',
    )
    return { sessions, codes, drafts }
  }
}
