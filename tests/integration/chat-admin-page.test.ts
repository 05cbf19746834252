import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import type { ChatSessionJson } from '~/domain/chat'
import { action as send } from '~/routes/api.chat.send'
import { loader } from '~/routes/chat-admin'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

interface Loaded {
  sessions: ChatSessionJson[]
  selectedId: string | null
}

describe('/chat-admin', () => {
  it('sends a visitor to log in and a customer home', async () => {
    const visitor = await callRoute(loader, getRequest('/chat-admin'))
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe('/login?redirect=%2Fchat-admin')
    const customer = await createUser(getDb())
    const denied = await callRoute(
      loader,
      getRequest('/chat-admin', { cookie: await cookieFor(customer) }),
    )
    expect(denied.status).toBe(302)
    expect(denied.headers.get('Location')).toBe('/')
  })

  it('lists conversations for the admin and reads the one opened', async () => {
    const admin = await createUser(getDb(), { role: 'admin' })
    const cookie = await cookieFor(admin)
    expect(
      (await callRoute(send, jsonRequest('/api/chat/send', { message: 'Hello admin' }))).status,
    ).toBe(200)
    const list = (await (
      await callRoute(loader, getRequest('/chat-admin', { cookie }))
    ).json()) as Loaded
    const session = list.sessions.find((s) => s.lastMessage?.text === 'Hello admin')!
    expect(session.unreadCount).toBe(1)
    expect(list.selectedId).toBeNull()

    const opened = (await (
      await callRoute(loader, getRequest(`/chat-admin?session=${session.sessionId}`, { cookie }))
    ).json()) as Loaded
    expect(opened.selectedId).toBe(session.sessionId)
    expect(opened.sessions.find((s) => s.sessionId === session.sessionId)?.unreadCount).toBe(0)

    // A session parameter that is not a UUID is ignored, never a 500.
    const odd = await callRoute(loader, getRequest('/chat-admin?session=%00x', { cookie }))
    expect(odd.status).toBe(200)
    expect(((await odd.json()) as Loaded).selectedId).toBeNull()
  })
})
