/**
 * Migration 0018 (decision 0029): openings texted in its last hour become open lives on their
 * questions, tied to their texts, so the first check after the deploy texts none of them again.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../db/migrator.ts'
import { databaseAt, userOn } from '../support/migration-database.ts'

const { url, db } = databaseAt('0017_questions')

describe('migration 0018', () => {
  it('makes the openings texted in the last hour open lives, and leaves older texts alone', async () => {
    const userId = await userOn(db, 'the-club')
    const { rows: questions } = await sql<{ id: number }>`
      insert into questions (key, kind, resort_location_identifier, party_size, reserve_date,
        interval_minutes, alert_count, next_check_at)
      values ('dining|disney-world|4|2027-03-01', 'dining', 'disney-world', 4, '2027-03-01', 2, 1, now())
      returning id`.execute(db)
    const questionId = questions[0]!.id
    const { rows: alerts } = await sql<{ id: string }>`
      insert into dining_alerts (user_id, resort_location_identifier, dining_location_id,
        reserve_date, party_size, status, question_id)
      values (${userId}, 'disney-world', '90002464', '2027-03-01', 4, 1, ${questionId})
      returning id`.execute(db)
    const alertId = alerts[0]!.id
    const text = (key: string, code: string, seenMinutesAgo: number) =>
      sql`
      insert into notifications (short_code, user_id, alert_kind, alert_id, opening_key, to_number,
        body, booking_url, seen_at)
      values (${code}, ${userId}, 'dining', ${alertId}, ${key}, '+15555550123', 'Table open',
        'https://disneyworld.disney.go.com/dine-res/availability/', now() - make_interval(mins => ${seenMinutesAgo}))`.execute(
        db,
      )
    const recent = '90002464|2027-03-01|18:15:00'
    const old = '90002464|2027-03-01|12:00:00'
    await text(recent, 'Recent01', 10)
    await text(old, 'OldText01', 120)

    await migrateToLatest(url)

    const openings = await db.selectFrom('openings').selectAll().execute()
    expect(openings).toMatchObject([
      {
        questionId,
        kind: 'dining',
        openingKey: recent,
        diningLocationId: '90002464',
        startsOn: '2027-03-01',
        reserveTime: '18:15:00',
        closedAt: null,
      },
    ])
    const { openOpenings } = await db
      .selectFrom('questions')
      .select('openOpenings')
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow()
    expect(openOpenings).toEqual({ [recent]: openings[0]!.id })
    const texts = await db
      .selectFrom('notifications')
      .select(['openingKey', 'openingId'])
      .orderBy('openingKey')
      .execute()
    expect(texts).toEqual([
      { openingKey: old, openingId: null },
      { openingKey: recent, openingId: openings[0]!.id },
    ])
    const keepWatching = await sql<{ columnDefault: string }>`
      select column_default from information_schema.columns
      where table_name = 'hotel_alerts' and column_name = 'keep_watching'`.execute(db)
    expect(keepWatching.rows[0]?.columnDefault).toBe('true')
  })
})
