import { createSmsQueue, queueText } from '../../worker/queues.ts'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'
import { getRedis } from '~/utils/redis.server'
import { singleton } from '~/utils/singleton.server'

/** The texts' queue as the web adds to it (a test text): the worker's own queue and options. */
export function getSmsQueue() {
  return singleton('sms-queue', () => {
    const queue = createSmsQueue(getRedis(), getEnv().redisPrefix)
    // The Redis connection reports its own trouble (getRedis); an add that fails throws.
    queue.on('error', () => undefined)
    return queue
  })
}

/**
 * Queues the send job of an outbox row the web wrote. Should Redis refuse, the row waits in the
 * outbox and the worker's tick queues it within a minute or two (texts untouched for a minute).
 */
export async function queueTextFromWeb(notificationId: string): Promise<void> {
  try {
    await queueText(getSmsQueue(), notificationId)
  } catch (error) {
    getLogger().warn(
      { notificationId, err: error instanceof Error ? error.message : String(error) },
      'text not queued; the tick will queue it',
    )
  }
}
