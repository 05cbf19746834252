import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { TRIAL_DAYS } from '~/domain/plans'
import type { PlanEnd } from '~/domain/reminders'
import { recordAccountText } from '~/models/outbox.server'

/*
 * The reminders two days before a trial or a cancelled plan ends (`plan_end_reminders`): who may
 * be due, and the record of each, which is also what keeps it to one.
 */

type Executor = Kysely<Database>

const TRIAL_MS = TRIAL_DAYS * 24 * 60 * 60 * 1000

/**
 * Accounts whose trial or cancelled plan ends after `now` and no later than `leadMs` from it, and
 * that have not been reminded of that end: what `dueReminder` (app/domain/reminders.ts) decides
 * on, with the number and whether it replied STOP. Trials are found by their start, so the
 * range is on the column itself.
 */
export async function planEndCandidates(db: Executor, now: Date, leadMs: number) {
  const until = new Date(now.getTime() + leadMs)
  const rows = await db
    .selectFrom('users')
    .innerJoin('plans', 'plans.id', 'users.planId')
    .leftJoin('subscriptions', 'subscriptions.id', 'users.subscriptionId')
    .select([
      'users.id as userId',
      'users.phoneNumber',
      'users.trialStartUtc',
      'plans.free as planFree',
      'subscriptions.status',
      'subscriptions.cancelAtPeriodEnd',
      'subscriptions.currentPeriodEnd',
    ])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('smsOptOuts').whereRef('smsOptOuts.phoneNumber', '=', 'users.phoneNumber'),
        )
        .as('optedOut'),
    )
    .where((eb) =>
      eb.or([
        eb.and([
          eb('plans.free', '=', true),
          eb('users.trialStartUtc', '>', new Date(now.getTime() - TRIAL_MS)),
          eb('users.trialStartUtc', '<=', new Date(until.getTime() - TRIAL_MS)),
        ]),
        eb.and([
          eb('plans.free', '=', false),
          eb('subscriptions.cancelAtPeriodEnd', '=', true),
          eb('subscriptions.currentPeriodEnd', '>', now),
          eb('subscriptions.currentPeriodEnd', '<=', until),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('planEndReminders')
            .whereRef('planEndReminders.userId', '=', 'users.id')
            .where((eb) =>
              eb.or([
                eb(
                  'planEndReminders.endsAt',
                  '=',
                  // As read into JavaScript, to the millisecond, as the reminder stored it.
                  sql<Date>`date_trunc('milliseconds', users.trial_start_utc)
                    + make_interval(days => ${TRIAL_DAYS})`,
                ),
                eb('planEndReminders.endsAt', '=', eb.ref('subscriptions.currentPeriodEnd')),
              ]),
            ),
        ),
      ),
    )
    .execute()
  return rows.map(({ status, cancelAtPeriodEnd, currentPeriodEnd, trialStartUtc, ...row }) => ({
    ...row,
    trialStartUtc: trialStartUtc && new Date(trialStartUtc),
    subscription:
      status === null
        ? null
        : {
            status,
            cancelAtPeriodEnd: cancelAtPeriodEnd ?? false,
            currentPeriodEnd: currentPeriodEnd && new Date(currentPeriodEnd),
          },
  }))
}

export type PlanEndCandidate = Awaited<ReturnType<typeof planEndCandidates>>[number]

/**
 * Records the reminder of `end` for the user and, given a body, its text in the outbox, in one
 * transaction. The reminder's insert is the guard: another worker, an earlier run, or a plan
 * resumed and cancelled again for the same period finds it there and nothing more is written.
 * Answers null when the user had been reminded of this end already; else the text's id, or
 * null for none (no body: the number replied STOP, and the reminder is not tried again).
 */
export async function recordPlanEndReminder(
  db: Executor,
  reminder: PlanEnd & { userId: string; toNumber: string; body: string | null },
): Promise<{ notificationId: string | null } | null> {
  const { userId, kind, endsAt, toNumber, body } = reminder
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('planEndReminders')
      .values({ userId, endsAt, kind })
      .onConflict((oc) => oc.columns(['userId', 'endsAt']).doNothing())
      .returning('userId')
      .executeTakeFirst()
    if (!claimed) return null
    if (body === null) return { notificationId: null }
    const text = await recordAccountText(trx, { userId, purpose: 'plan-end', toNumber, body })
    await trx
      .updateTable('planEndReminders')
      .set({ notificationId: text.id })
      .where('userId', '=', userId)
      .where('endsAt', '=', endsAt)
      .execute()
    return { notificationId: text.id }
  })
}
