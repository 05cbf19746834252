import { Queue, type ConnectionOptions } from 'bullmq'

/** Queue names and their job payloads, shared by whoever adds and whoever processes. */
export const QUEUES = {
  maintenance: 'maintenance',
} as const

export interface MaintenanceJob {
  task: 'sweep-expired'
}

export function bullPrefix(redisPrefix: string) {
  return `${redisPrefix}:bull`
}

export function maintenanceQueue(connection: ConnectionOptions, redisPrefix: string) {
  return new Queue<MaintenanceJob>(QUEUES.maintenance, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: { removeOnComplete: 100, removeOnFail: 500 },
  })
}
