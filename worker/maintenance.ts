import type { Job } from 'bullmq'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { deleteExpiredSessions } from '../app/models/session.server.ts'
import { deleteStaleCodes } from '../app/models/verification.server.ts'
import type { MaintenanceJob } from './queues.ts'

/** Hourly housekeeping: sessions and login codes past any use are deleted. */
export function maintenanceProcessor(db: DB, logger: Logger) {
  return async (job: Job<MaintenanceJob>) => {
    const sessions = await deleteExpiredSessions(db)
    const codes = await deleteStaleCodes(db)
    logger.info({ job: job.id, sessions, codes }, 'swept expired sessions and login codes')
    return { sessions, codes }
  }
}
