import { describe, expect, it } from 'vitest'
import {
  adminTitle,
  checkReply,
  formatChatTime,
  groupSessions,
  sessionLabel,
  totalUnread,
  unreadCount,
  unreadReplies,
  type ChatMessageJson,
} from './chat'

let counter = 0
function message(overrides: Partial<ChatMessageJson>): ChatMessageJson {
  counter++
  const timestamp =
    overrides.timestamp ?? `2026-11-23T10:00:${String(counter).padStart(2, '0')}.000Z`
  const text = overrides.text ?? `message ${counter}`
  return {
    id: `m${counter}`,
    sessionId: 's1',
    sender: 'user',
    userEmail: null,
    userName: null,
    userId: null,
    currentPage: null,
    replyToMessageId: null,
    replyTo: null,
    isRead: false,
    ...overrides,
    text,
    message: text,
    timestamp,
    created: timestamp,
  }
}

describe('groupSessions', () => {
  it('groups by session, orders messages oldest first and sessions by newest activity', () => {
    const sessions = groupSessions([
      message({ sessionId: 'a', timestamp: '2026-11-23T10:00:00.000Z' }),
      message({ sessionId: 'b', timestamp: '2026-11-23T10:05:00.000Z', userId: 'u1' }),
      message({ sessionId: 'a', timestamp: '2026-11-23T10:09:00.000Z', sender: 'support' }),
      message({ sessionId: 'a', timestamp: '2026-11-23T09:59:00.000Z', userName: 'Ann' }),
    ])
    expect(sessions.map((session) => session.sessionId)).toEqual(['a', 'b'])
    const [a, b] = sessions
    expect(a!.messages.map((m) => m.timestamp)).toEqual([
      '2026-11-23T09:59:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:09:00.000Z',
    ])
    expect(a!.lastMessage?.sender).toBe('support')
    expect(a).toMatchObject({ userName: 'Ann', isAnonymous: true, unreadCount: 2 })
    expect(b).toMatchObject({ userId: 'u1', isAnonymous: false, unreadCount: 1 })
  })

  it('takes the newest name and email given, and asks who may be texted', () => {
    const [session] = groupSessions(
      [
        message({ userEmail: 'old@example.com', timestamp: '2026-11-23T10:00:00.000Z' }),
        message({ userEmail: 'new@example.com', timestamp: '2026-11-23T10:01:00.000Z' }),
        message({ timestamp: '2026-11-23T10:02:00.000Z' }),
      ],
      (id) => id === 's1',
    )
    expect(session).toMatchObject({ userEmail: 'new@example.com', canNotifySms: true })
  })

  it('is empty without messages', () => {
    expect(groupSessions([])).toEqual([])
  })
})

describe('unread counts', () => {
  const messages = [
    message({ sender: 'user', isRead: false }),
    message({ sender: 'user', isRead: true }),
    message({ sender: 'support', isRead: false }),
    message({ sender: 'support', isRead: false }),
  ]
  it('counts the visitor messages support has not read', () => {
    expect(unreadCount(messages)).toBe(1)
  })
  it('counts the replies the visitor has not seen', () => {
    expect(unreadReplies(messages)).toBe(2)
  })
  it('adds up sessions for the page title', () => {
    expect(totalUnread([{ unreadCount: 2 }, { unreadCount: 0 }, { unreadCount: 3 }])).toBe(5)
    expect(adminTitle(5)).toBe('(5) Chat Admin | Disney Hotel Alerts')
    expect(adminTitle(0)).toBe('Chat Admin | Disney Hotel Alerts')
  })
})

describe('formatChatTime', () => {
  const now = new Date('2026-11-23T15:00:00.000Z')
  const options = { timeZone: 'UTC' }
  it('shows clock time under 24 hours', () => {
    expect(formatChatTime('2026-11-23T09:05:00.000Z', now, options)).toBe('9:05 AM')
    expect(formatChatTime('2026-11-22T15:00:01.000Z', now, options)).toBe('3:00 PM')
  })
  it('shows date and time from 24 hours on', () => {
    expect(formatChatTime('2026-11-22T15:00:00.000Z', now, options)).toBe('Nov 22, 2026, 3:00 PM')
    expect(formatChatTime('2025-01-02T08:30:00.000Z', now, options)).toBe('Jan 2, 2025, 8:30 AM')
  })
})

describe('checkReply', () => {
  const conversation = [
    message({ id: 'u-1', sender: 'user' }),
    message({ id: 's-1', sender: 'support' }),
    message({ id: 'u-2', sender: 'user' }),
    message({ id: 's-2', sender: 'support' }),
  ]
  it('trims the text and answers the newest visitor message', () => {
    expect(checkReply('  On its way  ', conversation)).toEqual({
      ok: true,
      text: 'On its way',
      replyToMessageId: 'u-2',
    })
  })
  it('does not send empty text', () => {
    expect(checkReply('   \n ', conversation)).toEqual({ ok: false, reason: 'empty' })
  })
  it('needs a visitor message to answer', () => {
    expect(checkReply('Hello', [message({ sender: 'support' })])).toEqual({
      ok: false,
      reason: 'no-user-message',
    })
    expect(checkReply('Hello', [])).toEqual({ ok: false, reason: 'no-user-message' })
  })
  it('refuses text over the cap or with a NUL character', () => {
    expect(checkReply('x'.repeat(2001), conversation)).toEqual({ ok: false, reason: 'invalid' })
    expect(checkReply('a\u0000b', conversation)).toEqual({ ok: false, reason: 'invalid' })
  })
})

describe('sessionLabel', () => {
  it('names the visitor by name, email, or as anonymous', () => {
    expect(sessionLabel({ userName: 'Ann', userEmail: 'a@x.com', isAnonymous: true })).toBe('Ann')
    expect(sessionLabel({ userName: null, userEmail: 'a@x.com', isAnonymous: true })).toBe(
      'a@x.com',
    )
    expect(sessionLabel({ userName: null, userEmail: null, isAnonymous: true })).toBe(
      'Anonymous visitor',
    )
    expect(sessionLabel({ userName: null, userEmail: null, isAnonymous: false })).toBe('Customer')
  })
})
