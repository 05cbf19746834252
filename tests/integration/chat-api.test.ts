import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import type { ChatMessageJson, ChatSessionJson } from '~/domain/chat'
import { loader as events } from '~/routes/api.chat.events'
import { loader as allMessages } from '~/routes/api.chat.messages'
import { action as respond } from '~/routes/api.chat.respond'
import { action as send } from '~/routes/api.chat.send'
import { action as deleteSession } from '~/routes/api.chat.session.$id'
import { action as markRead } from '~/routes/api.chat.session.$id_.mark-read'
import { action as markUserRead } from '~/routes/api.chat.session.$id_.mark-user-read'
import { loader as sessionMessages } from '~/routes/api.chat.session.$id_.messages'
import { action as notifySms } from '~/routes/api.chat.session.$id_.notify-sms'
import { loader as sessions } from '~/routes/api.chat.sessions'
import { getDb } from '~/utils/db.server'
import { readOutbox } from '../support/outbox.ts'
import { callRoute, cookiesFrom, getRequest, jsonRequest, typedRequest } from '../support/routes.ts'
import { cookieFor, tokenFor } from '../support/session.ts'

let addresses = 0
/** A client address of its own per call, so the per-address limit of one test spares the rest. */
function ip() {
  addresses++
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

const db = () => getDb()
const MISSING = '00000000-0000-4000-8000-000000000000'

let admin: User
let adminToken: string
let customer: User
let customerToken: string

beforeAll(async () => {
  admin = await createUser(db(), { role: 'admin' })
  adminToken = await tokenFor(admin)
  customer = await createUser(db(), { name: 'Casey', email: 'casey@example.com' })
  customerToken = await tokenFor(customer)
})

async function sendAs(
  body: unknown,
  who: { token?: string; cookie?: string; raw?: string } = {},
  clientIp = ip(),
) {
  return callRoute(send, jsonRequest('/api/chat/send', body, who), { clientIp })
}

/** An anonymous visitor's first message; answers the cookie that now identifies them. */
async function anonymousVisitor(text = 'Is the Grand Floridian sold out?') {
  const response = await sendAs({ message: text, currentPage: '/pricing' })
  expect(response.status).toBe(200)
  return cookiesFrom(response)
}

async function counts() {
  const [sessionRows, messageRows] = await Promise.all([
    db().selectFrom('chatSessions').select(db().fn.countAll<number>().as('n')).executeTakeFirst(),
    db().selectFrom('chatMessages').select(db().fn.countAll<number>().as('n')).executeTakeFirst(),
  ])
  return { sessions: Number(sessionRows?.n), messages: Number(messageRows?.n) }
}

async function listSessions(): Promise<ChatSessionJson[]> {
  const response = await callRoute(
    sessions,
    getRequest('/api/chat/sessions', { token: adminToken }),
  )
  expect(response.status).toBe(200)
  return response.json()
}

describe('POST /api/chat/send', () => {
  it('keeps an anonymous visitor’s message and gives them a signed identity cookie', async () => {
    const response = await sendAs({
      message: '  Hello from the FAQ  ',
      userName: 'Robin',
      userEmail: 'robin@example.com',
      currentPage: '/faq',
      userId: null,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    const cookie = cookiesFrom(response)
    expect(cookie).toMatch(/^chat-visitor=/)
    const setCookie = response.headers.get('Set-Cookie')!
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)

    // The same browser writes into the same conversation.
    expect((await sendAs({ message: 'Still there?' }, { cookie })).status).toBe(200)
    const all = await listSessions()
    const mine = all.find((session) => session.userName === 'Robin')!
    expect(mine).toMatchObject({
      userEmail: 'robin@example.com',
      userId: null,
      isAnonymous: true,
      unreadCount: 2,
      canNotifySms: false,
    })
    expect(mine.messages.map((m) => m.text)).toEqual(['Hello from the FAQ', 'Still there?'])
    expect(mine.messages[0]).toMatchObject({
      sender: 'user',
      message: 'Hello from the FAQ',
      currentPage: '/faq',
      isRead: false,
    })
    expect(mine.messages[0]!.created).toBe(mine.messages[0]!.timestamp)
  })

  it('files a signed-in user’s message under their account, greeted by their profile', async () => {
    const response = await sendAs(
      { message: 'My alert stopped', userId: customer.id },
      { token: customerToken },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    const mine = (await listSessions()).find((session) => session.userId === customer.id)!
    expect(mine).toMatchObject({
      userName: 'Casey',
      userEmail: 'casey@example.com',
      isAnonymous: false,
      canNotifySms: true,
    })
  })

  it('refuses a userId that is not the caller’s, and changes nothing', async () => {
    const before = await counts()
    const response = await sendAs({ message: 'Hi', userId: customer.id })
    expect(response.status).toBe(403)
    expect(await counts()).toEqual(before)
  })

  it.each([
    ['malformed JSON', '{"message":', 'Request body must be valid JSON.'],
    ['an array', '["hi"]', 'Request body must be a JSON object.'],
    ['no message', '{}', 'message: Please enter a message.'],
    ['blank text', '{"message":"   "}', 'message: Please enter a message.'],
    ['a number', '{"message":42}', 'message: Please enter a message.'],
    ['a NUL character', '{"message":"a\\u0000b"}', 'message: must not contain NUL characters.'],
    [
      'text over the cap',
      JSON.stringify({ message: 'x'.repeat(2001) }),
      'message: Messages are at most 2000 characters.',
    ],
    [
      'a bad email',
      '{"message":"hi","userEmail":"nope"}',
      'userEmail: Please enter a valid email address.',
    ],
    ['a non-UUID userId', '{"message":"hi","userId":"1"}', 'userId: userId must be a UUID.'],
    ['an unknown field', '{"message":"hi","admin":true}', undefined],
    [
      'a NUL in the page',
      '{"message":"hi","currentPage":"/\\u0000"}',
      'currentPage: must not contain NUL characters.',
    ],
  ])('answers 400 for %s and changes nothing', async (_label, raw, message) => {
    const before = await counts()
    const response = await sendAs(null, { raw })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { message: string }
    if (message) expect(body.message).toBe(message)
    else expect(body.message).toBeTruthy()
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(await counts()).toEqual(before)
  })

  it('answers 400 to a form body', async () => {
    const before = await counts()
    const response = await callRoute(
      send,
      typedRequest('/api/chat/send', 'application/x-www-form-urlencoded', 'message=hi'),
    )
    expect(response.status).toBe(400)
    expect(await counts()).toEqual(before)
  })

  it('drops an anonymous message whose honeypot is filled, answering as if sent', async () => {
    const before = await counts()
    const response = await sendAs({ message: 'Buy now', website: 'http://spam.example' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true })
    expect(await counts()).toEqual(before)
  })

  it('stores text as text: markup is kept verbatim, never interpreted', async () => {
    const text = '<img src=x onerror=alert(1)> & <b>bold</b>'
    const cookie = await anonymousVisitor(text)
    const mine = (await listSessions()).find((s) => s.messages.some((m) => m.text === text))
    expect(mine).toBeDefined()
    expect(cookie).toBeTruthy()
  })

  it('limits sends to 20 per visitor in 10 minutes', async () => {
    const cookie = await anonymousVisitor('first')
    for (let i = 1; i < 20; i++)
      expect((await sendAs({ message: `again ${i}` }, { cookie })).status).toBe(200)
    const before = await counts()
    const limited = await sendAs({ message: 'one too many' }, { cookie })
    expect(limited.status).toBe(429)
    expect((await limited.json()).message).toMatch(
      /^Too many messages\. Please try again in \d+ minutes?\.$/,
    )
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await counts()).toEqual(before)
  })

  it('limits sends to 60 an hour per client address', async () => {
    const from = ip()
    for (let i = 0; i < 60; i++)
      expect((await sendAs({ message: `hi ${i}` }, {}, from)).status).toBe(200)
    expect((await sendAs({ message: 'again' }, {}, from)).status).toBe(429)
  })
})

describe('admin-only calls', () => {
  const calls: [string, (who: { token?: string }) => Promise<Response>][] = [
    [
      'GET /api/chat/messages',
      (who) => callRoute(allMessages, getRequest('/api/chat/messages', who)),
    ],
    ['GET /api/chat/sessions', (who) => callRoute(sessions, getRequest('/api/chat/sessions', who))],
    ['GET /api/chat/events', (who) => callRoute(events, getRequest('/api/chat/events', who))],
    [
      'POST /api/chat/respond',
      (who) =>
        callRoute(
          respond,
          jsonRequest('/api/chat/respond', { messageId: MISSING, responseText: 'hi' }, who),
        ),
    ],
    [
      'DELETE /api/chat/session/{id}',
      (who) =>
        callRoute(
          deleteSession,
          jsonRequest(`/api/chat/session/${MISSING}`, null, { ...who, method: 'DELETE', raw: '' }),
          { params: { id: MISSING } },
        ),
    ],
    [
      'POST /api/chat/session/{id}/mark-read',
      (who) =>
        callRoute(markRead, jsonRequest(`/api/chat/session/${MISSING}/mark-read`, {}, who), {
          params: { id: MISSING },
        }),
    ],
    [
      'POST /api/chat/session/{id}/notify-sms',
      (who) =>
        callRoute(notifySms, jsonRequest(`/api/chat/session/${MISSING}/notify-sms`, {}, who), {
          params: { id: MISSING },
        }),
    ],
  ]

  it.each(calls)('%s: 401 without a session, 403 for a customer', async (_name, call) => {
    const anonymous = await call({})
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' })
    const user = await call({ token: customerToken })
    expect(user.status).toBe(403)
    expect(await user.json()).toEqual({ message: 'Forbidden' })
  })

  it('GET /api/chat/messages answers every message to an admin', async () => {
    await anonymousVisitor('listed in all messages')
    const response = await callRoute(
      allMessages,
      getRequest('/api/chat/messages', { token: adminToken }),
    )
    expect(response.status).toBe(200)
    const list = (await response.json()) as ChatMessageJson[]
    expect(list.some((m) => m.text === 'listed in all messages')).toBe(true)
  })

  it('the admin’s browser session works as well as a token', async () => {
    const response = await callRoute(
      sessions,
      getRequest('/api/chat/sessions', { cookie: await cookieFor(admin) }),
    )
    expect(response.status).toBe(200)
  })
})

describe('a conversation from question to answer', () => {
  it('reply, read marks, the visitor reads only their own, delete', async () => {
    const cookie = await anonymousVisitor('When do Poly rooms open?')
    const session = (await listSessions()).find((s) =>
      s.messages.some((m) => m.text === 'When do Poly rooms open?'),
    )!
    const question = session.messages[0]!
    const path = (suffix = '') => `/api/chat/session/${session.sessionId}${suffix}`
    const params = { id: session.sessionId }

    // The visitor reads their own conversation; another visitor and a customer cannot.
    const own = await callRoute(sessionMessages, getRequest(path('/messages'), { cookie }), {
      params,
    })
    expect(own.status).toBe(200)
    expect(((await own.json()) as ChatMessageJson[]).map((m) => m.text)).toEqual([
      'When do Poly rooms open?',
    ])
    const otherCookie = await anonymousVisitor('someone else')
    expect(
      (
        await callRoute(sessionMessages, getRequest(path('/messages'), { cookie: otherCookie }), {
          params,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await callRoute(sessionMessages, getRequest(path('/messages'), { token: customerToken }), {
          params,
        })
      ).status,
    ).toBe(404)
    expect(
      (await callRoute(sessionMessages, getRequest(path('/messages')), { params })).status,
    ).toBe(401)
    expect(
      (
        await callRoute(sessionMessages, getRequest(path('/messages'), { token: adminToken }), {
          params,
        })
      ).status,
    ).toBe(200)

    // Bad replies change nothing.
    const before = await counts()
    for (const [body, status] of [
      [{ messageId: question.id, responseText: '   ' }, 400],
      [{ messageId: 'not-a-uuid', responseText: 'hi' }, 400],
      [{ messageId: question.id, responseText: 'a\u0000' }, 400],
      [{ messageId: question.id }, 400],
      [{ messageId: MISSING, responseText: 'hi' }, 404],
    ] as const) {
      const response = await callRoute(
        respond,
        jsonRequest('/api/chat/respond', body, { token: adminToken }),
      )
      expect(response.status).toBe(status)
    }
    expect(await counts()).toEqual(before)

    const replied = await callRoute(
      respond,
      jsonRequest(
        '/api/chat/respond',
        { messageId: question.id, responseText: '  Tuesday mornings.  ' },
        { token: adminToken },
      ),
    )
    expect(replied.status).toBe(200)
    const { messageId } = (await replied.json()) as { messageId: string }

    // Support's own message cannot be answered as if it were the visitor's.
    expect(
      (
        await callRoute(
          respond,
          jsonRequest('/api/chat/respond', { messageId, responseText: 'x' }, { token: adminToken }),
        )
      ).status,
    ).toBe(404)

    const visitorView = (await (
      await callRoute(sessionMessages, getRequest(path('/messages'), { cookie }), { params })
    ).json()) as ChatMessageJson[]
    expect(visitorView.at(-1)).toMatchObject({
      sender: 'support',
      text: 'Tuesday mornings.',
      replyToMessageId: question.id,
      replyTo: question.id,
      isRead: false,
    })

    // The admin opens it: the visitor's messages are read.
    const read = await callRoute(
      markRead,
      jsonRequest(path('/mark-read'), {}, { token: adminToken }),
      { params },
    )
    expect(await read.json()).toEqual({ success: true, updatedCount: 1 })
    const again = await callRoute(
      markRead,
      jsonRequest(path('/mark-read'), {}, { token: adminToken }),
      { params },
    )
    expect(await again.json()).toEqual({ success: true, updatedCount: 0 })

    // Only the visitor marks support's replies read, and only in their own conversation.
    expect(
      (
        await callRoute(
          markUserRead,
          jsonRequest(path('/mark-user-read'), {}, { cookie: otherCookie }),
          { params },
        )
      ).status,
    ).toBe(404)
    expect(
      (await callRoute(markUserRead, jsonRequest(path('/mark-user-read'), {}), { params })).status,
    ).toBe(401)
    expect(
      (
        await callRoute(markUserRead, jsonRequest(path('/mark-user-read'), {}, { cookie }), {
          params: { id: 'nope' },
        })
      ).status,
    ).toBe(400)
    const userRead = await callRoute(
      markUserRead,
      jsonRequest(path('/mark-user-read'), {}, { cookie }),
      { params },
    )
    expect(await userRead.json()).toEqual({ success: true, updatedCount: 1 })
    const listed = (await listSessions()).find((s) => s.sessionId === session.sessionId)!
    expect(listed.unreadCount).toBe(0)
    expect(listed.messages.at(-1)!.isRead).toBe(true)

    // Delete: bad ids are refused first, then the conversation goes with all its messages.
    const del = (id: string, token?: string) =>
      callRoute(
        deleteSession,
        new Request(`http://localhost/api/chat/session/${id}`, {
          method: 'DELETE',
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        }),
        { params: { id } },
      )
    expect((await del('1; drop table', adminToken)).status).toBe(400)
    expect(await (await del(MISSING, adminToken)).json()).toMatchObject({
      success: false,
      deletedCount: 0,
    })
    const deleted = await del(session.sessionId, adminToken)
    expect(await deleted.json()).toEqual({ success: true, deletedCount: 2 })
    expect((await listSessions()).some((s) => s.sessionId === session.sessionId)).toBe(false)
    expect(
      (
        await callRoute(sessionMessages, getRequest(path('/messages'), { token: adminToken }), {
          params,
        })
      ).status,
    ).toBe(404)
  })
})

describe('POST /api/chat/session/{id}/notify-sms', () => {
  it('texts the customer that support answered, asking them to log in; rate-limited', async () => {
    const user = await createUser(db())
    const token = await tokenFor(user)
    expect((await sendAs({ message: 'Please text me' }, { token })).status).toBe(200)
    const session = (await listSessions()).find((s) => s.userId === user.id)!
    const params = { id: session.sessionId }
    const notify = (body: unknown, raw?: string) =>
      callRoute(
        notifySms,
        jsonRequest(`/api/chat/session/${session.sessionId}/notify-sms`, body, {
          token: adminToken,
          raw,
        }),
        { params },
      )

    expect((await notify(null, '{"message":""}')).status).toBe(400)
    expect((await notify(null, '"text"')).status).toBe(400)
    expect(readOutbox().filter((t) => t.to === user.phoneNumber)).toHaveLength(0)

    const sent = await notify({})
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({ success: true })
    const text = readOutbox()
      .filter((t) => t.to === user.phoneNumber)
      .at(-1)
    expect(text?.body).toMatch(
      /our support team has answered your message\. Log in to read it: http.*\/login\?redirect=\/support$/,
    )

    const custom = await notify({
      message: 'Support responded to your chat. Please log in to view it.',
    })
    expect(custom.status).toBe(200)
    expect(
      readOutbox()
        .filter((t) => t.to === user.phoneNumber)
        .at(-1)?.body,
    ).toBe('Support responded to your chat. Please log in to view it.')
    expect((await notify({})).status).toBe(200)
    const limited = await notify({})
    expect(limited.status).toBe(429)
    expect(readOutbox().filter((t) => t.to === user.phoneNumber)).toHaveLength(3)
  })

  it('refuses an anonymous visitor’s conversation, an unknown one, and a customer who sent STOP', async () => {
    const cookie = await anonymousVisitor('no phone here')
    const anonymous = (await listSessions()).find((s) =>
      s.messages.some((m) => m.text === 'no phone here'),
    )!
    expect(cookie).toBeTruthy()
    const call = (id: string) =>
      callRoute(
        notifySms,
        jsonRequest(`/api/chat/session/${id}/notify-sms`, {}, { token: adminToken }),
        { params: { id } },
      )
    expect((await call(anonymous.sessionId)).status).toBe(404)
    expect((await call(MISSING)).status).toBe(404)
    expect((await call('abc')).status).toBe(400)

    const stopped = await createUser(db())
    await sendAs({ message: 'then STOP' }, { token: await tokenFor(stopped) })
    await db().insertInto('smsOptOuts').values({ phoneNumber: stopped.phoneNumber }).execute()
    const session = (await listSessions()).find((s) => s.userId === stopped.id)!
    expect((await call(session.sessionId)).status).toBe(409)
    expect(readOutbox().filter((t) => t.to === stopped.phoneNumber)).toHaveLength(0)
  })
})
