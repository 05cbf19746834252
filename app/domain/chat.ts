/**
 * The support chat's rules (accounts §3, §4, §5, §8, §9): message and session shapes, how
 * messages group into sessions, unread counts, reply validation and how times are shown. Pure:
 * used by the API, the admin screen and the visitor's widget alike.
 */

export const MAX_MESSAGE_LENGTH = 2000
export const MAX_NAME_LENGTH = 80
export const MAX_EMAIL_LENGTH = 254
export const MAX_PAGE_LENGTH = 500

/** Accounts §4 and §9: the admin polls the list every 3 s and an open conversation every 2 s. */
export const LIST_POLL_MS = 3_000
export const CONVERSATION_POLL_MS = 2_000
/** The visitor's widget polls while open, and slowly while closed for the unread mark. */
export const WIDGET_OPEN_POLL_MS = 3_000
export const WIDGET_CLOSED_POLL_MS = 15_000
export const BANNER_MS = 3_000
export const SOUND_VOLUME = 0.1

/** The specification's own words (strings.tsv, chat-admin). */
export const CHAT_TEXT = {
  accessDenied: 'Access Denied',
  notAuthorized: 'You are not authorized to access this page.',
  back: 'Back',
  read: 'Read',
  unread: 'Unread',
  confirmDelete:
    'Are you sure you want to permanently delete this conversation? This action cannot be undone.',
  confirmSms: 'Send SMS notification to customer?',
  deleteFailed: 'Failed to delete conversation. Please try again.',
  smsFailed: 'Failed to send SMS. See console for details.',
  smsSent: 'SMS sent.',
  replyFailed: 'Failed to send response. Please try again.',
} as const

export type ChatSender = 'user' | 'support'

/** A message as the API answers it (accounts §3), with the aliases the contract names. */
export interface ChatMessageJson {
  id: string
  sessionId: string
  text: string
  message: string
  sender: ChatSender
  timestamp: string
  created: string
  userEmail: string | null
  userName: string | null
  userId: string | null
  currentPage: string | null
  replyToMessageId: string | null
  replyTo: string | null
  isRead: boolean
}

/** A conversation as the API answers it (accounts §3). */
export interface ChatSessionJson {
  sessionId: string
  userEmail: string | null
  userName: string | null
  userId: string | null
  messages: ChatMessageJson[]
  lastMessage: ChatMessageJson | null
  unreadCount: number
  isAnonymous: boolean
  /** Whether support may text the customer: the session belongs to a user with a phone number. */
  canNotifySms: boolean
}

/** A NUL character has no place in text (and PostgreSQL refuses it). */
export const hasNul = (value: string) => value.includes('\u0000')

/** The visitor's messages that support has not read yet. */
export function unreadCount(messages: readonly Pick<ChatMessageJson, 'sender' | 'isRead'>[]) {
  return messages.filter((message) => message.sender === 'user' && !message.isRead).length
}

/** Support's replies the visitor has not seen yet (the widget's unread mark). */
export function unreadReplies(messages: readonly Pick<ChatMessageJson, 'sender' | 'isRead'>[]) {
  return messages.filter((message) => message.sender === 'support' && !message.isRead).length
}

export function totalUnread(sessions: readonly Pick<ChatSessionJson, 'unreadCount'>[]) {
  return sessions.reduce((sum, session) => sum + session.unreadCount, 0)
}

/**
 * Groups messages into conversations, newest activity first. A conversation's identity is its
 * session id (one per signed-in user or anonymous browser); name and email are the newest given.
 */
export function groupSessions(
  messages: readonly ChatMessageJson[],
  canNotifySms: (sessionId: string) => boolean = () => false,
): ChatSessionJson[] {
  const bySession = new Map<string, ChatMessageJson[]>()
  for (const message of messages) {
    const list = bySession.get(message.sessionId) ?? []
    list.push(message)
    bySession.set(message.sessionId, list)
  }
  const sessions: ChatSessionJson[] = []
  for (const [sessionId, list] of bySession) {
    const ordered = [...list].sort((a, b) => a.timestamp.localeCompare(b.timestamp))
    const newestFirst = [...ordered].reverse()
    const userId = newestFirst.find((message) => message.userId)?.userId ?? null
    sessions.push({
      sessionId,
      userEmail: newestFirst.find((message) => message.userEmail)?.userEmail ?? null,
      userName: newestFirst.find((message) => message.userName)?.userName ?? null,
      userId,
      messages: ordered,
      lastMessage: ordered.at(-1) ?? null,
      unreadCount: unreadCount(ordered),
      isAnonymous: userId === null,
      canNotifySms: canNotifySms(sessionId),
    })
  }
  return sessions.sort((a, b) =>
    (b.lastMessage?.timestamp ?? '').localeCompare(a.lastMessage?.timestamp ?? ''),
  )
}

/** Who a conversation is with, as the admin list shows it. */
export function sessionLabel(
  session: Pick<ChatSessionJson, 'userName' | 'userEmail' | 'isAnonymous'>,
) {
  return (
    session.userName ??
    session.userEmail ??
    (session.isAnonymous ? 'Anonymous visitor' : 'Customer')
  )
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Accounts §2: clock time when under 24 hours old, else date and time. The time zone is the
 * reader's (the browser's) unless one is given.
 */
export function formatChatTime(
  iso: string,
  now: Date = new Date(),
  options: { locale?: string; timeZone?: string } = {},
): string {
  const at = new Date(iso)
  const { locale = 'en-US', timeZone } = options
  const clock: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone }
  if (now.getTime() - at.getTime() < DAY_MS) return at.toLocaleTimeString(locale, clock)
  return at.toLocaleString(locale, { month: 'short', day: 'numeric', year: 'numeric', ...clock })
}

export type ReplyCheck =
  | { ok: true; text: string; replyToMessageId: string }
  | { ok: false; reason: 'empty' | 'invalid' | 'no-user-message' }

/**
 * Accounts §5: a reply is trimmed, empty text is not sent, and it needs a message from the
 * visitor to answer (the newest one).
 */
export function checkReply(
  raw: string,
  messages: readonly Pick<ChatMessageJson, 'id' | 'sender'>[],
): ReplyCheck {
  const text = raw.trim()
  if (!text) return { ok: false, reason: 'empty' }
  if (text.length > MAX_MESSAGE_LENGTH || hasNul(text)) return { ok: false, reason: 'invalid' }
  const target = [...messages].reverse().find((message) => message.sender === 'user')
  if (!target) return { ok: false, reason: 'no-user-message' }
  return { ok: true, text, replyToMessageId: target.id }
}

/** The admin page's title carries the unread count (accounts §2). */
export function adminTitle(unread: number) {
  return unread > 0
    ? `(${unread}) Chat Admin | Disney Hotel Alerts`
    : 'Chat Admin | Disney Hotel Alerts'
}

/** The text that tells a customer support has answered (accounts §7, notify-sms). */
export function supportAnsweredSms(appUrl: string) {
  return `Disney Hotel Alerts: our support team has answered your message. Log in to read it: ${appUrl}/login?redirect=/support`
}
