import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import { heartbeatGap } from '../app/domain/status.ts'
import {
  recordBreakerClosed,
  recordBreakerOpened,
  recordHeartbeatGap,
} from '../app/models/incident.server.ts'
import { beat, HEARTBEAT_STALE_MS, lastBeatAt } from '../app/utils/heartbeat.server.ts'
import type { BreakerChange } from './upstream/breaker.ts'

/**
 * What a worker records of the service's own incidents for the status page: its breakers opening
 * and closing, and the stretches when no worker beat. Recording never fails a check or a beat:
 * a write that fails is logged, and a breaker's closing writes its incident whole.
 */
export class IncidentRecorder {
  constructor(
    private readonly db: DB,
    private readonly logger: Logger,
  ) {}

  /** The breaker's `onChange`. */
  readonly breakerChanged = async (change: BreakerChange) => {
    try {
      if (change.state === 'open')
        await recordBreakerOpened(this.db, change.family, new Date(change.since))
      else
        await recordBreakerClosed(
          this.db,
          change.family,
          new Date(change.since),
          new Date(change.at),
        )
    } catch (error) {
      this.logger.warn({ err: error, change }, 'breaker incident not recorded')
    }
  }

  /**
   * A heartbeat that first looks at the freshest beat kept: older than the staleness limit, no
   * worker beat meanwhile, and that gap is an incident. Two workers that find it together name
   * it by the same last beat, so it is one row.
   */
  async beat(redis: Redis, prefix: string, workerId: string, now = Date.now()) {
    const last = await lastBeatAt(redis, prefix)
    await beat(redis, prefix, workerId, now)
    const gap = heartbeatGap(last, now, HEARTBEAT_STALE_MS)
    if (!gap) return
    try {
      await recordHeartbeatGap(this.db, new Date(gap.from), new Date(gap.to))
    } catch (error) {
      this.logger.warn({ err: error, gap }, 'heartbeat gap not recorded')
    }
  }
}
