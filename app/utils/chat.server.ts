import { randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import type { User } from '../../db/schema.ts'
import { visitorMessageSchema } from '~/domain/chat-schema'
import { getEnv } from '~/env.server'
import { addVisitorMessage, findOwnSession, type ChatOwner } from '~/models/chat.server'
import { apiError } from '~/utils/api.server'
import { publishChatEvent } from '~/utils/chat-events.server'
import { signedCookie } from '~/utils/cookies.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { consume } from '~/utils/rate-limit.server'
import { authenticate } from '~/utils/session.server'

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/** An anonymous visitor's chat identity: a random id in a signed cookie, nothing more. */
function visitorCookie() {
  return signedCookie(getEnv().isProduction ? '__Host-chat-visitor' : 'chat-visitor', {
    maxAgeMs: YEAR_MS,
  })
}

const uuid = z.uuid()

export interface ChatCaller {
  user: User | null
  /** Null for an anonymous visitor who has never written. */
  owner: ChatOwner | null
}

/** Who is chatting: the signed-in user, else the browser's visitor id if it has one. */
/** The /support form's message, read by the schema its page checks with (chat/validators). */
export const readVisitorMessage = (form: FormData) =>
  parseWithZod(form, { schema: visitorMessageSchema })

export async function chatCaller(request: Request): Promise<ChatCaller> {
  const found = await authenticate(request)
  if (found) return { user: found.user, owner: { userId: found.user.id } }
  const raw: unknown = await visitorCookie().parse(request.headers.get('Cookie'))
  const visitorId = uuid.safeParse(raw)
  return { user: null, owner: visitorId.success ? { visitorId: visitorId.data } : null }
}

/** The caller's identity for writing; a first-time anonymous visitor is given one (a cookie). */
export async function chatWriter(request: Request) {
  const caller = await chatCaller(request)
  const headers = new Headers()
  if (caller.owner) return { ...caller, owner: caller.owner, headers }
  const visitorId = randomUUID()
  headers.append('Set-Cookie', await visitorCookie().serialize(visitorId))
  return { ...caller, owner: { visitorId } as ChatOwner, headers }
}

/** The caller's own conversation, if they have one. */
export async function ownSession(caller: ChatCaller) {
  return caller.owner ? findOwnSession(getDb(), caller.owner) : undefined
}

/** Admin-only calls: 401 without a session (as the rest of the API), 403 for anyone else. */
export async function requireChatAdmin(request: Request): Promise<User> {
  const found = await authenticate(request)
  if (!found) throw apiError(401, 'Unauthorized')
  if (found.user.role !== 'admin') throw apiError(403, 'Forbidden')
  return found.user
}

/** `{id}` of /api/chat/session/{id}/…: a UUID, else 400 before anything is read. */
export function sessionIdParam(params: Record<string, string | undefined>): string {
  const parsed = uuid.safeParse(params.id)
  if (!parsed.success) throw apiError(400, 'The conversation id must be a UUID.')
  return parsed.data
}

/** Per visitor and per client address; answers the 429 to throw, or null. */
export async function chatSendLimit(owner: ChatOwner, clientIp: string) {
  const key = 'userId' in owner ? `user:${owner.userId}` : `visitor:${owner.visitorId}`
  const perIp = await consume('chatSendPerIp', clientIp)
  const result = perIp.ok ? await consume('chatSendPerVisitor', key) : perIp
  if (result.ok) return null
  const minutes = Math.ceil(result.retryAfterS / 60)
  return apiError(
    429,
    `Too many messages. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(result.retryAfterS) },
  )
}

export interface VisitorMessage {
  message: string
  userName?: string
  userEmail?: string
  currentPage?: string
  website?: string
}

/**
 * Keeps a visitor's message (the API's send and the /support form): the honeypot, the limits,
 * then the row, then every admin screen is told. A signed-in user's profile fills in a name or
 * email left out. Throws the 429 when a limit is reached.
 */
export async function sendVisitorMessage(
  caller: { user: User | null; owner: ChatOwner },
  input: VisitorMessage,
  clientIp: string,
): Promise<{ stored: boolean }> {
  if (!caller.user && input.website) {
    getLogger().info('chat: honeypot filled, message dropped')
    return { stored: false }
  }
  const limited = await chatSendLimit(caller.owner, clientIp)
  if (limited) throw limited
  const { sessionId } = await addVisitorMessage(getDb(), caller.owner, {
    text: input.message,
    userName: input.userName ?? caller.user?.name ?? undefined,
    userEmail: input.userEmail ?? caller.user?.email ?? undefined,
    currentPage: input.currentPage,
  })
  await publishChatEvent({ type: 'message', sessionId, sender: 'user' })
  return { stored: true }
}
