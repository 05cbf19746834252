import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { ENDED_AT_STRIPE } from '~/domain/account-deletion'
import { statusLabel, type AlertKind } from '~/domain/alerts'
import { ALERT_STATE_COLUMNS, HOTEL_STAY_COLUMNS } from '~/models/alert-save.server'
import { answersSeenBy, refreshQuestions } from '~/models/question.server'

type Executor = Kysely<Database>

/** The names of some catalogue rows by id (an alert's resorts, room types, restaurants). */
async function namesOf(
  db: Executor,
  table: 'resorts' | 'roomTypes' | 'diningLocations',
  ids: readonly string[],
) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, row.name]))
}

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
        .select([
          'a.id',
          ...HOTEL_STAY_COLUMNS,
          'a.keepWatching',
          'a.snoozedUntil',
          'a.clientId',
          'a.textTo',
          // Its price terms (issue 30), in cents as kept.
          'a.maxNightlyPriceCents',
          'a.maxTotalPriceCents',
          'a.watch',
          'a.paidTotalCents',
          'a.rateType',
          'a.minSavingCents',
          'a.minSavingPercent',
          ...ALERT_STATE_COLUMNS,
        ])
        .where('a.userId', '=', userId)
        .orderBy('a.createdAt')
        .execute()
      const [resortNames, roomNames] = await Promise.all([
        namesOf(
          trx,
          'resorts',
          hotel.flatMap((alert) => alert.resorts.map((r) => r.resortId)),
        ),
        namesOf(
          trx,
          'roomTypes',
          hotel.flatMap((alert) =>
            alert.resorts.flatMap((resort) => (resort.roomIds === 'any' ? [] : resort.roomIds)),
          ),
        ),
      ])

      const dining = await trx
        .selectFrom('diningAlerts as a')
        .select([
          'a.id',
          'a.diningLocationIds',
          'a.resortLocationIdentifier as destination',
          'a.reserveDates',
          'a.mealPeriods',
          'a.partySize',
          'a.preferredTime',
          'a.timeRangeStart',
          'a.timeRangeEnd',
          'a.snoozedUntil',
          'a.clientId',
          'a.textTo',
          ...ALERT_STATE_COLUMNS,
        ])
        .where('a.userId', '=', userId)
        .orderBy('a.createdAt')
        .execute()
      const restaurantNames = await namesOf(
        trx,
        'diningLocations',
        dining.flatMap((alert) => alert.diningLocationIds),
      )

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

      const clients = await trx
        .selectFrom('clients')
        .select(['id', 'name', 'note', 'phoneNumber', 'email', 'consent', 'createdAt'])
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

      const seen = await answersSeenBy(trx, userId, [
        ...hotel.map((alert) => ({ kind: 'hotel' as const, id: alert.id })),
        ...dining.map((alert) => ({ kind: 'dining' as const, id: alert.id })),
      ])
      // "Last checked" as the dashboard shows it: read through each alert's questions.
      const withCheck = <Alert extends { id: string; updatedAt: Date }>(
        kind: AlertKind,
        alert: Alert,
      ) => ({ ...alert, lastCheckedAt: seen(kind, alert).lastCheckedAt })
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
          hotel: hotel.map(({ resorts, status, ...alert }) => ({
            ...withCheck('hotel', alert),
            resorts: resorts.map((resort) => ({
              resort: resortNames.get(resort.resortId) ?? resort.resortId,
              roomTypes:
                resort.roomIds === 'any'
                  ? 'any'
                  : resort.roomIds.map((id) => roomNames.get(id) ?? id),
            })),
            status: statusLabel('hotel', status),
          })),
          dining: dining.map(({ diningLocationIds, status, ...alert }) => ({
            ...withCheck('dining', alert),
            restaurants: diningLocationIds.map((id) => restaurantNames.get(id) ?? id),
            status: statusLabel('dining', status),
          })),
        },
        // A travel agent's clients (issue 31), which its alerts' clientId name.
        clients,
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
      .selectFrom('alertQuestions as aq')
      .leftJoin('hotelAlerts as h', 'h.id', 'aq.hotelAlertId')
      .leftJoin('diningAlerts as d', 'd.id', 'aq.diningAlertId')
      .select('aq.questionId')
      .distinct()
      .where((eb) => eb.or([eb('h.userId', '=', userId), eb('d.userId', '=', userId)]))
      .execute()
    for (const table of [
      'chatSessions',
      'planEndReminders',
      'notifications',
      'hotelAlerts',
      'diningAlerts',
      'clients',
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
