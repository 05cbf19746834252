import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { ENDED_AT_STRIPE } from '~/domain/account-deletion'
import { statusLabel } from '~/domain/alerts'
import { answersSeenBy, refreshQuestions } from '~/models/question.server'

type Executor = Kysely<Database>

/*
 * A person's whole account, exported as one JSON document or deleted with everything it owns
 * (decision 0027). Every table with a user's rows is named here, so that neither a download nor a
 * deletion misses one.
 */

/**
 * Everything we hold about the user, as one document: the profile, both kinds of alerts, the
 * texts we sent and the support chat. One read-only snapshot, so its parts agree with each other.
 */
export async function exportAccount(db: Executor, userId: string, now = new Date()) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const profile = await trx
        .selectFrom('users as u')
        .leftJoin('plans as p', 'p.id', 'u.planId')
        .select([
          'u.phoneNumber',
          'u.name',
          'u.email',
          'u.timeZone',
          'u.quietStart',
          'u.quietEnd',
          'u.planId',
          'p.name as planName',
          'u.trialStartUtc',
          'u.createdAt',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst()
      if (!profile) return undefined

      const hotel = await trx
        .selectFrom('hotelAlerts as a')
        .innerJoin('resorts as r', 'r.id', 'a.resortId')
        .select([
          'a.id',
          'r.name as resort',
          'a.checkInDate',
          'a.checkOutDate',
          'a.numberOfAdults',
          'a.agesOfChildren',
          'a.accessible',
          'a.roomTypeIds',
          'a.keepWatching',
          'a.snoozedUntil',
          'a.status',
          'a.statusReason',
          'a.questionId',
          'a.lastFoundAt',
          'a.createdAt',
          'a.updatedAt',
        ])
        .where('a.userId', '=', userId)
        .orderBy('a.createdAt')
        .execute()
      const roomIds = [...new Set(hotel.flatMap((alert) => alert.roomTypeIds))]
      const rooms = roomIds.length
        ? await trx
            .selectFrom('roomTypes')
            .select(['id', 'name'])
            .where('id', 'in', roomIds)
            .execute()
        : []
      const roomName = new Map(rooms.map((room) => [room.id, room.name]))

      const dining = await trx
        .selectFrom('diningAlerts as a')
        .innerJoin('diningLocations as l', 'l.id', 'a.diningLocationId')
        .select([
          'a.id',
          'l.name as restaurant',
          'a.resortLocationIdentifier as destination',
          'a.reserveDate',
          'a.partySize',
          'a.preferredTime',
          'a.timeRangeStart',
          'a.timeRangeEnd',
          'a.snoozedUntil',
          'a.status',
          'a.statusReason',
          'a.questionId',
          'a.lastFoundAt',
          'a.createdAt',
          'a.updatedAt',
        ])
        .where('a.userId', '=', userId)
        .orderBy('a.createdAt')
        .execute()

      const texts = await trx
        .selectFrom('notifications')
        .select([
          'purpose',
          'alertKind',
          'alertId',
          'toNumber as to',
          'body',
          'bookingUrl',
          'status',
          'seenAt as openingSeenAt',
          'createdAt',
          'sentAt',
          'clicks',
        ])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute()

      const conversation = await trx
        .selectFrom('chatSessions')
        .select(['id', 'userName', 'userEmail', 'createdAt'])
        .where('userId', '=', userId)
        .executeTakeFirst()
      const messages = conversation
        ? await trx
            .selectFrom('chatMessages')
            .select(['sender', 'text', 'currentPage as page', 'createdAt as sentAt'])
            .where('sessionId', '=', conversation.id)
            .orderBy('createdAt')
            .execute()
        : []

      const seen = await answersSeenBy(trx, userId, [...hotel, ...dining])
      // "Last checked" as the dashboard shows it: read through each alert's question.
      const withCheck = <Alert extends { questionId: number; updatedAt: Date }>(alert: Alert) => {
        const { questionId: _, ...rest } = alert
        return { ...rest, lastCheckedAt: seen(alert).lastCheckedAt }
      }
      return {
        exportedAt: now,
        profile: {
          phoneNumber: profile.phoneNumber,
          name: profile.name,
          email: profile.email,
          quietHours: profile.quietStart
            ? { timeZone: profile.timeZone, from: profile.quietStart, to: profile.quietEnd }
            : null,
          plan: profile.planId ? { id: profile.planId, name: profile.planName } : null,
          trialStartedAt: profile.trialStartUtc,
          createdAt: profile.createdAt,
        },
        alerts: {
          hotel: hotel.map(({ roomTypeIds, status, ...alert }) => ({
            ...withCheck(alert),
            roomTypes: roomTypeIds.map((id) => roomName.get(id) ?? id),
            status: statusLabel('hotel', status),
          })),
          dining: dining.map(({ status, ...alert }) => ({
            ...withCheck(alert),
            status: statusLabel('dining', status),
          })),
        },
        texts,
        chat: conversation
          ? {
              startedAt: conversation.createdAt,
              name: conversation.userName,
              email: conversation.userEmail,
              messages: messages.map(({ sender, ...message }) => ({
                from: sender === 'user' ? 'you' : 'support',
                ...message,
              })),
            }
          : null,
      }
    })
}
export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccount>>>

/**
 * What deleting the account must do first, read before Stripe is asked: the subscriptions Stripe
 * may still bill, and whether the account signed catalogue changes (their history keeps the
 * author, so such an account is refused rather than half deleted).
 */
export async function accountToDelete(db: Executor, userId: string) {
  const [user, live, authored] = await Promise.all([
    db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select('id')
      .where('userId', '=', userId)
      .where('status', 'not in', ENDED_AT_STRIPE)
      .execute(),
    db
      .selectFrom('roomKeyMappings')
      .select('id')
      .where('createdBy', '=', userId)
      .union(db.selectFrom('catalogueAudit').select('actorId as id').where('actorId', '=', userId))
      .limit(1)
      .executeTakeFirst(),
  ])
  if (!user) return undefined
  return { liveSubscriptions: live.map((row) => row.id), authoredCatalogue: Boolean(authored) }
}

/**
 * Deletes the user and every row of theirs, in one transaction, and writes the audit row that
 * keeps what Stripe and the law need (decision 0027). `draftIds` are the sign-in drafts of the
 * browser asking, which no table ties to a user. Answers the audit row, or undefined when the
 * account was already gone (a second tab). STOP replies (`sms_opt_outs`) are kept: carriers
 * require a number that opted out never to be texted again.
 */
export async function deleteAccount(
  db: Executor,
  userId: string,
  options: { subscriptionCancelled: boolean; draftIds?: readonly string[] },
) {
  return db.transaction().execute(async (trx) => {
    // Locked first, as every change of the account locks it: a check that is writing a text for
    // this user waits, then finds the user gone.
    const user = await trx
      .selectFrom('users')
      .select(['id', 'phoneNumber', 'planId', 'stripeCustomerId'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user) return undefined

    const conversations = trx.selectFrom('chatSessions').select('id').where('userId', '=', userId)
    await trx.deleteFrom('chatMessages').where('sessionId', 'in', conversations).execute()
    // Subscriptions go before the user: users.subscription_id is cleared by its foreign key.
    // Its alerts' questions are asked for the others only, or no more.
    const questions = await trx
      .selectFrom('hotelAlerts')
      .select('questionId')
      .where('userId', '=', userId)
      .union(trx.selectFrom('diningAlerts').select('questionId').where('userId', '=', userId))
      .execute()
    for (const table of [
      'chatSessions',
      'planEndReminders',
      'notifications',
      'hotelAlerts',
      'diningAlerts',
      'sessions',
      'subscriptions',
    ] as const)
      await trx.deleteFrom(table).where('userId', '=', userId).execute()
    await trx.deleteFrom('verificationCodes').where('phoneNumber', '=', user.phoneNumber).execute()
    if (options.draftIds?.length)
      await trx
        .deleteFrom('pendingAlerts')
        .where('id', 'in', [...options.draftIds])
        .execute()
    await trx.deleteFrom('users').where('id', '=', userId).execute()
    await refreshQuestions(trx, { ids: questions.map((row) => row.questionId) }, new Date())

    return trx
      .insertInto('deletedAccounts')
      .values({
        stripeCustomerId: user.stripeCustomerId,
        subscriptionCancelled: options.subscriptionCancelled,
        planId: user.planId,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}
