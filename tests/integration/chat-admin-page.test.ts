import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import type { ChatSessionJson } from '~/domain/chat'
import { action as login } from '~/routes/api.account.login'
import { action as loginVerify } from '~/routes/api.account.loginVerify'
import { action as send } from '~/routes/api.chat.send'
import { action, loader } from '~/routes/chat-admin'
import { getDb } from '~/utils/db.server'
import { latestCode, readOutbox } from '../support/outbox.ts'
import { callRoute, formRequest, getRequest, jsonRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

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

  it('sends a visitor home, and tells a signed-in customer Access Denied', async () => {
    const visitor = await callRoute(loader, getRequest('/chat-admin'))
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe('/')
    const customer = await createUser(getDb())
    const denied = await callRoute(
      loader,
      getRequest('/chat-admin', { cookie: await cookieFor(customer) }),
    )
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({
      message: 'You are not authorized to access this page.',
    })
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

  it('answers, texts and deletes through its own forms, for an admin without JavaScript', async () => {
    const admin = await createUser(getDb(), { role: 'admin' })
    const cookie = await cookieFor(admin)
    const customer = await createUser(getDb())
    const token = await tokenFor(customer)
    await callRoute(send, jsonRequest('/api/chat/send', { message: 'No JS admin?' }, { token }))
    const list = (await (
      await callRoute(loader, getRequest('/chat-admin', { cookie }))
    ).json()) as Loaded
    const { sessionId } = list.sessions.find((s) => s.userId === customer.id)!
    const post = (fields: Record<string, string>, who = cookie) =>
      callRoute(action, formRequest(`/chat-admin?session=${sessionId}`, fields, { cookie: who }))
    const messages = async () =>
      (
        (await (
          await callRoute(loader, getRequest(`/chat-admin?session=${sessionId}`, { cookie }))
        ).json()) as Loaded
      ).sessions.find((s) => s.sessionId === sessionId)?.messages ?? []

    // A customer posting the admin's form is sent home, and nothing changes.
    const denied = await post(
      { intent: 'reply', sessionId, responseText: 'x' },
      await cookieFor(customer),
    )
    expect(denied.headers.get('Location')).toBe('/')
    // Empty text is not sent; a JSON body is a 400.
    expect(
      (await post({ intent: 'reply', sessionId, responseText: '   ' })).headers.get('Location'),
    ).toBe(`/chat-admin?session=${sessionId}`)
    const asJson = await callRoute(
      action,
      jsonRequest('/chat-admin', { intent: 'delete', sessionId }, { cookie }),
    )
    expect(asJson.status).toBe(400)
    expect(await messages()).toHaveLength(1)

    const replied = await post({ intent: 'reply', sessionId, responseText: ' Yes, it works. ' })
    expect(replied.headers.get('Location')).toBe(`/chat-admin?session=${sessionId}`)
    expect((await messages()).map((m) => [m.sender, m.text])).toEqual([
      ['user', 'No JS admin?'],
      ['support', 'Yes, it works.'],
    ])

    const texted = await post({ intent: 'notify-sms', sessionId })
    expect(texted.headers.get('Location')).toBe(`/chat-admin?session=${sessionId}&sms=sent`)
    expect(readOutbox().filter((t) => t.to === customer.phoneNumber)).toHaveLength(1)
    const confirming = (await (
      await callRoute(
        loader,
        getRequest(`/chat-admin?session=${sessionId}&confirm=delete`, { cookie }),
      )
    ).json()) as { confirm: string }
    expect(confirming.confirm).toBe('delete')

    const deleted = await post({ intent: 'delete', sessionId })
    expect(deleted.headers.get('Location')).toBe('/chat-admin')
    expect(await messages()).toEqual([])
    const again = await post({ intent: 'delete', sessionId })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({
      message: 'Failed to delete conversation. Please try again.',
    })
  })
})
