/**
 * Migration 0017 moves the schedule from the alerts to their questions (decision 0028): every
 * alert gets the question the app would give it, and no running alert misses or doubles a check
 * across the deploy.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../db/migrator.ts'
import { hotelQueryKey, diningQueryKey } from '~/domain/schedule'
import { databaseAt, userOn } from '../support/migration-database.ts'

const { url, db } = databaseAt('0016_plan_end_reminders')
const MINUTE = 60_000

describe('migration 0017', () => {
  it('gives every alert its question and keeps each running question on its earliest due check', async () => {
    const { rows: resorts } = await sql<{ id: string; room: string }>`
      select r.id, (select t.id from room_types t where t.resort_id = r.id limit 1) as room
      from resorts r where r.sold limit 1`.execute(db)
    const resort = resorts[0]!
    const club = await userOn(db, 'the-club')
    const daily = await userOn(db, 'pixie-dust')
    const lapsed = await userOn(db, 'pixie-dust', new Date(Date.now() - 30 * 24 * 60 * MINUTE))
    const now = Date.now()
    const at = (minutes: number) => new Date(now + minutes * MINUTE)

    const hotel = (userId: string, ages: number[], schedule: object) =>
      sql<{ id: string }>`
        insert into hotel_alerts (user_id, resort_id, check_in_date, check_out_date, number_of_adults,
          ages_of_children, room_type_ids, status, next_check_at, claimed_at, last_checked_at)
        select ${userId}, ${resort.id}, '2027-03-01', '2027-03-04', 2, ${ages}::int[],
          array[${resort.room}]::uuid[], s.status, s.next_check_at, s.claimed_at, s.last_checked_at
        from json_populate_record(null::hotel_alerts, ${JSON.stringify(schedule)}::json) s
        returning id`.execute(db)
    const dining = (userId: string, partySize: number, schedule: object) =>
      sql<{ id: string }>`
        insert into dining_alerts (user_id, resort_location_identifier, dining_location_id,
          reserve_date, party_size, status, next_check_at, claimed_at, last_checked_at)
        select ${userId}, 'disney-world', (select id from dining_locations limit 1), '2027-03-02',
          ${partySize}, s.status, s.next_check_at, s.claimed_at, s.last_checked_at
        from json_populate_record(null::dining_alerts, ${JSON.stringify(schedule)}::json) s
        returning id`.execute(db)

    // One hotel question shared by The Club and a daily trial, children in either order; The
    // Club's alert was claimed and its check never recorded (its job belonged to the old worker).
    const claimedHotel = await hotel(club, [7, 3], {
      status: 1,
      next_check_at: at(2),
      claimed_at: at(-0.5),
      last_checked_at: at(-2),
    })
    const dailyHotel = await hotel(daily, [3, 7], {
      status: 1,
      next_check_at: at(600),
      last_checked_at: at(-100),
    })
    // A dining question due in five minutes, checked a minute ago and recorded.
    const dueDining = await dining(club, 4, {
      status: 1,
      next_check_at: at(5),
      claimed_at: at(-1),
      last_checked_at: at(-1),
    })
    // Questions nobody may have asked: a paused alert, and a trial long over.
    const paused = await dining(club, 5, { status: 0, last_checked_at: at(-60) })
    const ended = await dining(lapsed, 6, { status: 1, next_check_at: at(-1) })

    // 0017 itself: later migrations move the link into alert_questions (0023's own test).
    await migrateToLatest(url, '0017_questions')

    const question = async (table: 'hotel_alerts' | 'dining_alerts', id: string) => {
      const { rows } = await sql<{
        key: string
        intervalMinutes: number | null
        alertCount: number
        nextCheckAt: Date | null
        lastCheckedAt: Date | null
      }>`
        select q.key, q.interval_minutes, q.alert_count, q.next_check_at, q.last_checked_at
        from ${sql.table(table)} a join questions q on q.id = a.question_id where a.id = ${id}`.execute(
        db,
      )
      return rows[0]!
    }

    const shared = await question('hotel_alerts', claimedHotel.rows[0]!.id)
    expect(await question('hotel_alerts', dailyHotel.rows[0]!.id)).toEqual(shared)
    expect(shared.key).toBe(
      hotelQueryKey({
        resortId: resort.id,
        checkInDate: '2027-03-01',
        checkOutDate: '2027-03-04',
        numberOfAdults: 2,
        agesOfChildren: [3, 7],
        accessible: false,
      }),
    )
    expect(shared).toMatchObject({ intervalMinutes: 2, alertCount: 2, lastCheckedAt: at(-2) })
    // The unrecorded claim is asked again at once: the migration ran after `now`.
    expect(shared.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(now)
    expect(shared.nextCheckAt!.getTime()).toBeLessThan(at(2).getTime())

    const recorded = await question('dining_alerts', dueDining.rows[0]!.id)
    expect(recorded).toEqual({
      key: diningQueryKey({
        resortLocationIdentifier: 'disney-world',
        partySize: 4,
        reserveDate: '2027-03-02',
      }),
      intervalMinutes: 2,
      alertCount: 1,
      nextCheckAt: at(5),
      lastCheckedAt: at(-1),
    })

    for (const alert of [paused, ended])
      expect(await question('dining_alerts', alert.rows[0]!.id)).toMatchObject({
        intervalMinutes: null,
        alertCount: 0,
        nextCheckAt: null,
      })
    expect(await question('dining_alerts', paused.rows[0]!.id)).toMatchObject({
      lastCheckedAt: at(-60),
    })
  })
})
