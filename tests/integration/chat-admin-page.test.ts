import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import type { ChatSessionJson } from '~/domain/chat'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as send } from '~/routes/api.chat.send'
import { loader } from '~/routes/chat-admin'
import { getDb } from '~/utils/db.server'
import { latestCode } from '../support/outbox.ts'
import { callRoute, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor } from '../support/session.ts'

interface Loaded {
  sessions: ChatSessionJson[]
  selectedId: string | null
}

describe('/chat-admin', () => {
  it('lets the admin number in however it is typed at login', async () => {
    const typed = '(201) 555-0199'
    expect(
      (await callRoute(login, jsonRequest('/api/account/login', { phoneNumber: typed }))).status,
    ).toBe(200)
    const verified = await callRoute(
      loginVerify,
      jsonRequest('/api/account/loginVerify', {
        phoneNumber: '201.555.0199',
        code: latestCode('+12015550199'),
      }),
    )
    const { token } = (await verified.json()) as { token: string }
    const page = await callRoute(loader, getRequest('/chat-admin', { token }))
    expect(page.status).toBe(200)
  })

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
