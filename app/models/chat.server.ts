import type { Kysely } from 'kysely'
import type { ChatSender, Database } from '../../db/schema.ts'
import { groupSessions, type ChatMessageJson, type ChatSessionJson } from '~/domain/chat'

type Executor = Kysely<Database>

/** Whose conversation: a signed-in user's, or an anonymous browser's (its signed cookie id). */
export type ChatOwner = { userId: string } | { visitorId: string }

/** The admin list shows the most recently active conversations. */
const SESSION_LIST_LIMIT = 200

function ownerColumns(owner: ChatOwner) {
  return 'userId' in owner
    ? { userId: owner.userId, visitorId: null }
    : { userId: null, visitorId: owner.visitorId }
}

export function findOwnSession(db: Executor, owner: ChatOwner) {
  const query = db.selectFrom('chatSessions').selectAll()
  return (
    'userId' in owner
      ? query.where('userId', '=', owner.userId)
      : query.where('visitorId', '=', owner.visitorId)
  ).executeTakeFirst()
}

export function findSession(db: Executor, sessionId: string) {
  return db.selectFrom('chatSessions').selectAll().where('id', '=', sessionId).executeTakeFirst()
}

/** A message from the visitor: their conversation is created on the first one. */
export async function addVisitorMessage(
  db: Executor,
  owner: ChatOwner,
  input: { text: string; userName?: string; userEmail?: string; currentPage?: string },
) {
  return db.transaction().execute(async (trx) => {
    const details = {
      ...(input.userName && { userName: input.userName }),
      ...(input.userEmail && { userEmail: input.userEmail }),
    }
    const existing = await findOwnSession(trx, owner)
    const session = existing
      ? await trx
          .updateTable('chatSessions')
          .set({ ...details, lastMessageAt: new Date() })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('chatSessions')
          .values({ ...ownerColumns(owner), ...details })
          .returningAll()
          .executeTakeFirstOrThrow()
    const message = await trx
      .insertInto('chatMessages')
      .values({
        sessionId: session.id,
        sender: 'user',
        text: input.text,
        currentPage: input.currentPage ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { sessionId: session.id, messageId: message.id }
  })
}

/**
 * Support's answer to one of the visitor's messages; null when that message is not there (or is
 * not the visitor's).
 */
export async function addSupportReply(
  db: Executor,
  input: { replyToMessageId: string; text: string },
) {
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('chatMessages')
      .select(['id', 'sessionId'])
      .where('id', '=', input.replyToMessageId)
      .where('sender', '=', 'user')
      .forUpdate()
      .executeTakeFirst()
    if (!target) return null
    const reply = await trx
      .insertInto('chatMessages')
      .values({
        sessionId: target.sessionId,
        sender: 'support',
        text: input.text,
        replyToMessageId: target.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('chatSessions')
      .set({ lastMessageAt: new Date() })
      .where('id', '=', target.sessionId)
      .execute()
    return { sessionId: target.sessionId, messageId: reply.id }
  })
}

function messagesQuery(db: Executor) {
  return db
    .selectFrom('chatMessages as m')
    .innerJoin('chatSessions as s', 's.id', 'm.sessionId')
    .select([
      'm.id',
      'm.sessionId',
      'm.text',
      'm.sender',
      'm.createdAt',
      'm.currentPage',
      'm.replyToMessageId',
      'm.isRead',
      's.userId',
      's.userName',
      's.userEmail',
    ])
    .orderBy('m.createdAt')
    .orderBy('m.id')
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number]

/** A message in the JSON contract (accounts §3), with the aliases it names. */
function toMessageJson(row: MessageRow): ChatMessageJson {
  const timestamp = new Date(row.createdAt).toISOString()
  return {
    id: row.id,
    sessionId: row.sessionId,
    text: row.text,
    message: row.text,
    sender: row.sender,
    timestamp,
    created: timestamp,
    userEmail: row.userEmail,
    userName: row.userName,
    userId: row.userId,
    currentPage: row.currentPage,
    replyToMessageId: row.replyToMessageId,
    replyTo: row.replyToMessageId,
    isRead: row.isRead,
  }
}

export async function listSessionMessages(db: Executor, sessionId: string) {
  const rows = await messagesQuery(db).where('m.sessionId', '=', sessionId).execute()
  return rows.map(toMessageJson)
}

/** Every message of the most recently active conversations, oldest first (the admin's list). */
export async function listAllMessages(db: Executor) {
  const recent = db
    .selectFrom('chatSessions')
    .select('id')
    .orderBy('lastMessageAt', 'desc')
    .limit(SESSION_LIST_LIMIT)
  const rows = await messagesQuery(db).where('m.sessionId', 'in', recent).execute()
  return rows.map(toMessageJson)
}

/** The admin's list: conversations, newest activity first, each saying whether it may be texted. */
export async function listSessions(db: Executor): Promise<ChatSessionJson[]> {
  const [messages, textable] = await Promise.all([
    listAllMessages(db),
    db
      .selectFrom('chatSessions as s')
      .innerJoin('users as u', 'u.id', 's.userId')
      .select('s.id')
      .execute(),
  ])
  const ids = new Set(textable.map((row) => row.id))
  return groupSessions(messages, (sessionId) => ids.has(sessionId))
}

/** Deletes a conversation and its messages; null when there is no such conversation. */
export async function deleteSession(db: Executor, sessionId: string) {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('chatSessions')
      .select('id')
      .where('id', '=', sessionId)
      .forUpdate()
      .executeTakeFirst()
    if (!session) return null
    const deleted = await trx
      .deleteFrom('chatMessages')
      .where('sessionId', '=', sessionId)
      .executeTakeFirst()
    await trx.deleteFrom('chatSessions').where('id', '=', sessionId).execute()
    return Number(deleted.numDeletedRows)
  })
}

/**
 * Marks what one side has seen: the admin reads the visitor's messages (`user`), the visitor
 * reads support's (`support`). Answers how many changed.
 */
export async function markRead(db: Executor, sessionId: string, sender: ChatSender) {
  const result = await db
    .updateTable('chatMessages')
    .set({ isRead: true })
    .where('sessionId', '=', sessionId)
    .where('sender', '=', sender)
    .where('isRead', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** The number support may text about a conversation: its user's, unless they sent STOP. */
export async function smsTarget(db: Executor, sessionId: string) {
  const row = await db
    .selectFrom('chatSessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .leftJoin('smsOptOuts as o', 'o.phoneNumber', 'u.phoneNumber')
    .select(['u.phoneNumber', 'o.phoneNumber as optedOut'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
  return row ? { phoneNumber: row.phoneNumber, optedOut: row.optedOut !== null } : null
}
