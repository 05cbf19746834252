import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { TextTiming } from '~/domain/status'

type Executor = Kysely<Database>

/** The texts the status page's speeds are taken from: the latest this many, of a day at most. */
export const TEXT_SPEED_SAMPLE = 1000
export const TEXT_SPEED_WINDOW_MS = 86_400_000

/**
 * When the latest opening texts handed to Twilio were seen, sent and delivered. `seen_at` is the
 * check that found the opening for the text's alert; `sent_at` when Twilio took it. No column
 * says when it was delivered: a text's status only moves forward and nothing touches a delivered
 * one but its status callback (a tap on its link counts in `clicks` only), so a delivered text's
 * `updated_at` is when Twilio said so. Read backwards along `sent_at`'s index and bounded, so it
 * costs the same at any size.
 */
export async function recentTextTimings(db: Executor, now: Date): Promise<TextTiming[]> {
  const rows = await db
    .selectFrom('notifications')
    .select([
      'seenAt',
      'sentAt',
      sql<Date | null>`case when status = 'delivered' then updated_at end`.as('deliveredAt'),
    ])
    .where('purpose', '=', 'opening')
    .where('sentAt', '>', new Date(now.getTime() - TEXT_SPEED_WINDOW_MS))
    .orderBy('sentAt', 'desc')
    .limit(TEXT_SPEED_SAMPLE)
    .execute()
  return rows.map((row) => ({
    seenAt: new Date(row.seenAt!).getTime(),
    sentAt: new Date(row.sentAt!).getTime(),
    deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt).getTime(),
  }))
}
