import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { getEnv } from '~/env.server'
import { loader as events } from '~/routes/api.chat.events'
import { action as send } from '~/routes/api.chat.send'
import { ChatBus, chatChannel, closeChatBus, type ChatEvent } from '~/utils/chat-events.server'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { tokenFor } from '../support/session.ts'

/** A bus as another web process has it: connections of its own to the same Redis. */
function otherProcessBus() {
  const url = getEnv().redisUrl
  const connections: Redis[] = []
  const connect = () => {
    const redis = new Redis(url)
    connections.push(redis)
    return redis
  }
  const bus = new ChatBus(connect(), chatChannel(), connect)
  return {
    bus,
    close: async () => {
      await bus.close()
      await Promise.all(connections.map((redis) => redis.quit().catch(() => undefined)))
    },
  }
}

const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
  const { getChatBus } = await import('~/utils/chat-events.server')
  await getChatBus().close()
})

/** Reads server-sent events from a stream until one `chat` event arrives. */
async function nextChatEvent(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs = 5_000) {
  const decoder = new TextDecoder()
  let buffer = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no event in time')), deadline - Date.now()),
      ),
    ])
    if (chunk.done) throw new Error('the stream ended')
    buffer += decoder.decode(chunk.value, { stream: true })
    const match = buffer.match(/event: chat\ndata: (.*)\n\n/)
    if (match) return JSON.parse(match[1]!) as ChatEvent
  }
  throw new Error('no event in time')
}

describe('chat events across web processes', () => {
  it('an event published by one process reaches a subscriber in another', async () => {
    const one = otherProcessBus()
    const two = otherProcessBus()
    closers.push(one.close, two.close)
    const received: ChatEvent[] = []
    const stop = await two.bus.subscribe((event) => received.push(event))
    const event: ChatEvent = {
      type: 'message',
      sessionId: '11111111-1111-4111-8111-111111111111',
      sender: 'user',
    }
    await one.bus.publish(event)
    await expect.poll(() => received, { timeout: 3_000 }).toEqual([event])
    stop()
  })

  it('streams text/event-stream to an admin, fed by a send in another process', async () => {
    const admin = await createUser(getDb(), { role: 'admin' })
    const controller = new AbortController()
    const request = new Request('http://localhost/api/chat/events', {
      headers: { Authorization: `Bearer ${await tokenFor(admin)}` },
      signal: controller.signal,
    })
    const response = await callRoute(events, request)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toContain('no-transform')
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toContain('event: ready')

    // Another web process publishes on the same Redis channel…
    const other = otherProcessBus()
    closers.push(other.close)
    const sessionId = '22222222-2222-4222-8222-222222222222'
    await other.bus.publish({ type: 'deleted', sessionId })
    expect(await nextChatEvent(reader)).toEqual({ type: 'deleted', sessionId })

    // …and a visitor's message through this process's API is heard too, without its text.
    const sent = await callRoute(send, jsonRequest('/api/chat/send', { message: 'secret words' }))
    expect(sent.status).toBe(200)
    const event = await nextChatEvent(reader)
    expect(event).toMatchObject({ type: 'message', sender: 'user' })
    expect(JSON.stringify(event)).not.toContain('secret')

    controller.abort()
    await expect.poll(async () => (await reader.read()).done, { timeout: 3_000 }).toBe(true)
  })

  it('refuses anyone but an admin', async () => {
    const customer = await createUser(getDb())
    const response = await callRoute(
      events,
      getRequest('/api/chat/events', { token: await tokenFor(customer) }),
    )
    expect(response.status).toBe(403)
  })

  it('ends open streams when the process shuts its bus down', async () => {
    const admin = await createUser(getDb(), { role: 'admin' })
    const response = await callRoute(
      events,
      getRequest('/api/chat/events', { token: await tokenFor(admin) }),
    )
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready')
    await closeChatBus()
    expect((await reader.read()).done).toBe(true)
  })
})
