import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import { loader as conversation } from '~/routes/api.chat.conversation'
import { action as respond } from '~/routes/api.chat.respond'
import { action, loader } from '~/routes/support'
import { getDb } from '~/utils/db.server'
import {
  callRoute,
  cookiesFrom,
  formRequest,
  getRequest,
  jsonRequest,
  typedRequest,
} from '../support/routes.ts'
import { tokenFor } from '../support/session.ts'

async function messageCount() {
  const row = await getDb()
    .selectFrom('chatMessages')
    .select(getDb().fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

interface Loaded {
  messages: { text: string; sender: string; isRead: boolean }[]
}

describe('/support without JavaScript', () => {
  it('posts a message, redirects back to the page, and shows the conversation with replies', async () => {
    const posted = await callRoute(
      action,
      formRequest('/support', { message: 'Do you cover Disneyland?', currentPage: '/pricing' }),
    )
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toBe('/support?from=%2Fpricing')
    const cookie = cookiesFrom(posted)
    expect(cookie).toMatch(/^chat-visitor=/)

    const before = (await (
      await callRoute(conversation, getRequest('/api/chat/conversation', { cookie }))
    ).json()) as { sessionId: string; messages: { id: string; text: string }[] }
    expect(before.messages.map((m) => m.text)).toEqual(['Do you cover Disneyland?'])

    const admin = await createUser(getDb(), { role: 'admin' })
    const token = await tokenFor(admin)
    await callRoute(
      respond,
      jsonRequest(
        '/api/chat/respond',
        { messageId: before.messages[0]!.id, responseText: 'Yes, both resorts.' },
        { token },
      ),
    )
    // Reading the conversation API marks nothing; showing the page does.
    const polled = (await (
      await callRoute(conversation, getRequest('/api/chat/conversation', { cookie }))
    ).json()) as Loaded
    expect(polled.messages.at(-1)).toMatchObject({ sender: 'support', isRead: false })
    const page = (await (
      await callRoute(loader, getRequest('/support', { cookie }))
    ).json()) as Loaded
    expect(page.messages.map((m) => m.text)).toEqual([
      'Do you cover Disneyland?',
      'Yes, both resorts.',
    ])
    const after = (await (
      await callRoute(conversation, getRequest('/api/chat/conversation', { cookie }))
    ).json()) as Loaded
    expect(after.messages.at(-1)?.isRead).toBe(true)
  })

  it('shows an empty conversation to a new visitor', async () => {
    const page = (await (await callRoute(loader, getRequest('/support'))).json()) as Loaded
    expect(page.messages).toEqual([])
  })

  it('answers 400 to a JSON or text body, or an empty message, and keeps nothing', async () => {
    const before = await messageCount()
    const asJson = await callRoute(action, jsonRequest('/support', { message: 'hi' }))
    expect(asJson.status).toBe(400)
    const asText = await callRoute(action, typedRequest('/support', 'text/plain', 'message=hi'))
    expect(asText.status).toBe(400)
    const empty = await callRoute(action, formRequest('/support', { message: '   ' }))
    expect(empty.status).toBe(400)
    expect(JSON.stringify(await empty.json())).toContain('Please enter a message.')
    const nul = await callRoute(action, formRequest('/support', { message: 'a\u0000b' }))
    expect(nul.status).toBe(400)
    expect(await messageCount()).toBe(before)
  })
})
