import { questionsOfAlerts } from '~/models/question.server'
import { getDb } from '~/utils/db.server'

/** Rows as the app or the worker left them, for assertions. */

/**
 * An alert with where its question's schedule stands (decision 0028): its first question, an
 * exact alert's only one.
 */
export async function alertRow(kind: 'hotel' | 'dining', id: string) {
  const db = getDb()
  const alert = await db
    .selectFrom(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const [questionId] = await questionsOfAlerts(db, kind, [id])
  const question = await db
    .selectFrom('questions')
    .select([
      'nextCheckAt',
      'claimedAt',
      'lastCheckedAt',
      'notBookableSince',
      'intervalMinutes',
      'alertCount',
    ])
    .where('id', '=', questionId!)
    .executeTakeFirstOrThrow()
  return { ...alert, questionId: questionId!, ...question }
}

/** A user's alerts of one kind, oldest first. */
export function alertsOf(kind: 'hotel' | 'dining', userId: string) {
  return getDb()
    .selectFrom(kind === 'hotel' ? 'hotelAlerts' : 'diningAlerts')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute()
}

/** The texts (outbox rows) an alert's checks queued. */
export function textsOf(alertId: string) {
  return getDb().selectFrom('notifications').selectAll().where('alertId', '=', alertId).execute()
}

export function textRow(id: string) {
  return getDb()
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

export function userRow(id: string) {
  return getDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}
