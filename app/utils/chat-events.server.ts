import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { getEnv } from '~/env.server'
import { getLogger } from '~/utils/logger.server'
import { getRedis, redisKey } from '~/utils/redis.server'
import { madeSingleton, singleton } from '~/utils/singleton.server'

/**
 * What happened in the support chat, without the text: an admin screen that hears one fetches
 * what changed. Published on Redis pub/sub so every web process's admins hear every process.
 */
export type ChatEvent =
  | { type: 'message'; sessionId: string; sender: 'user' | 'support' }
  | { type: 'read'; sessionId: string; sender: 'user' | 'support' }
  | { type: 'deleted'; sessionId: string }

export type ChatEventListener = (event: ChatEvent) => void

/**
 * One subscriber connection per process, fanned out in memory to every open event stream. A
 * publisher may use any connection (a subscribed one cannot publish).
 */
export class ChatBus {
  private readonly emitter = new EventEmitter()
  private subscriber: Redis | undefined
  private subscribed: Promise<unknown> | undefined

  constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
    private readonly makeSubscriber: () => Redis,
  ) {
    this.emitter.setMaxListeners(0)
  }

  async publish(event: ChatEvent): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event))
  }

  /**
   * Resolves once Redis has confirmed the subscription; answers how to stop listening. `onClose`
   * runs if the bus closes first (the process is shutting down).
   */
  async subscribe(listener: ChatEventListener, onClose?: () => void): Promise<() => void> {
    if (!this.subscriber) {
      const subscriber = this.makeSubscriber()
      subscriber.on('message', (channel: string, payload: string) => {
        if (channel !== this.channel) return
        try {
          this.emitter.emit('event', JSON.parse(payload) as ChatEvent)
        } catch {
          // Not ours to read; ignore.
        }
      })
      this.subscriber = subscriber
      this.subscribed = subscriber.subscribe(this.channel)
    }
    this.emitter.on('event', listener)
    if (onClose) this.emitter.on('close', onClose)
    const stop = () => {
      this.emitter.off('event', listener)
      if (onClose) this.emitter.off('close', onClose)
    }
    try {
      await this.subscribed
    } catch (error) {
      stop()
      throw error
    }
    return stop
  }

  /** Ends every open stream of this process and the subscriber connection. */
  async close(): Promise<void> {
    this.emitter.emit('close')
    this.emitter.removeAllListeners()
    await this.subscriber?.quit()
    this.subscriber = undefined
  }
}

export function chatChannel() {
  return redisKey('chat', 'events')
}

const CHAT_BUS = 'chat-bus'

/** This process's bus. */
export function getChatBus(): ChatBus {
  return singleton(
    CHAT_BUS,
    () =>
      new ChatBus(
        getRedis(),
        chatChannel(),
        () => new Redis(getEnv().redisUrl, { maxRetriesPerRequest: null, connectTimeout: 2_000 }),
      ),
  )
}

/** On shutdown: open event streams end, so the server can close without waiting for them. */
export async function closeChatBus(): Promise<void> {
  await madeSingleton<ChatBus>(CHAT_BUS)?.close()
}

/** Tells every admin screen; a Redis hiccup must not fail the change that was already saved. */
export async function publishChatEvent(event: ChatEvent): Promise<void> {
  try {
    await getChatBus().publish(event)
  } catch (error) {
    getLogger().warn({ err: error, type: event.type }, 'chat event not published')
  }
}
