/**
 * Migration 0023 makes an alert the set of questions it asks (decision 0033): every alert of the
 * schema before keeps its question through alert_questions, its one resort and stay (or
 * restaurant and date) become the simplest case of the flexible columns, and no question is
 * made, lost or moved, so nothing is asked twice or missed across the deploy.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../db/migrator.ts'
import { databaseAt, userOn } from '../support/migration-database.ts'

const { url, db } = databaseAt('0022_all_resorts_family')

describe('migration 0023', () => {
  it('links every alert to its question and keeps what it watches, as the simplest case', async () => {
    const userId = await userOn(db, 'the-club')
    const { rows: resorts } = await sql<{ id: string; rooms: string[] }>`
      select r.id, array(select t.id from room_types t where t.resort_id = r.id order by t.sort_order limit 2) as rooms
      from resorts r where r.sold order by r.name limit 1`.execute(db)
    const resort = resorts[0]!
    const { rows: questions } = await sql<{ id: number }>`
      insert into questions (key, kind, resort_id, check_in_date, check_out_date, number_of_adults,
        ages_of_children, accessible, interval_minutes, alert_count, next_check_at, last_checked_at)
      values (${`hotel|${resort.id}|2027-03-01|2027-03-05|2|4|0`}, 'hotel', ${resort.id}, '2027-03-01',
        '2027-03-05', 2, '{4}', false, 2, 1, '2027-01-01T00:02:00Z', '2027-01-01T00:00:00Z')
      returning id`.execute(db)
    const { rows: diningQuestions } = await sql<{ id: number }>`
      insert into questions (key, kind, resort_location_identifier, party_size, reserve_date,
        interval_minutes, alert_count, next_check_at, last_checked_at)
      values ('dining|disney-world|4|2027-03-02', 'dining', 'disney-world', 4, '2027-03-02', 2, 1,
        '2027-01-01T00:02:00Z', '2027-01-01T00:00:00Z')
      returning id`.execute(db)
    questions.push(diningQuestions[0]!)
    const before = await sql`select * from questions order by id`.execute(db)
    const { rows: hotels } = await sql<{ id: string }>`
      insert into hotel_alerts (user_id, resort_id, check_in_date, check_out_date, number_of_adults,
        ages_of_children, room_type_ids, status, question_id)
      values (${userId}, ${resort.id}, '2027-03-01', '2027-03-05', 2, '{4}', ${resort.rooms}, 1,
        ${questions[0]!.id})
      returning id`.execute(db)
    const { rows: dinings } = await sql<{ id: string }>`
      insert into dining_alerts (user_id, resort_location_identifier, dining_location_id,
        reserve_date, party_size, preferred_time, status, question_id)
      values (${userId}, 'disney-world', '90002464', '2027-03-02', 4, '18:00', 0, ${questions[1]!.id})
      returning id`.execute(db)

    await migrateToLatest(url)

    expect(
      await db.selectFrom('alertQuestions').selectAll().orderBy('questionId').execute(),
    ).toEqual([
      {
        questionId: questions[0]!.id,
        hotelAlertId: hotels[0]!.id,
        diningAlertId: null,
        roomTypeIds: resort.rooms,
        split: false,
      },
      {
        questionId: questions[1]!.id,
        hotelAlertId: null,
        diningAlertId: dinings[0]!.id,
        roomTypeIds: null,
        split: false,
      },
    ])
    expect(
      await db
        .selectFrom('hotelAlerts')
        .selectAll()
        .where('id', '=', hotels[0]!.id)
        .executeTakeFirst(),
    ).toMatchObject({
      resorts: [{ resortId: resort.id, roomIds: resort.rooms }],
      resortId: resort.id,
      checkInDate: '2027-03-01',
      latestCheckInDate: '2027-03-01',
      minNights: 4,
      maxNights: 4,
      checkOutDate: '2027-03-05',
      splitStays: false,
      agesOfChildren: [4],
    })
    expect(
      await db
        .selectFrom('diningAlerts')
        .selectAll()
        .where('id', '=', dinings[0]!.id)
        .executeTakeFirst(),
    ).toMatchObject({
      diningLocationIds: ['90002464'],
      diningLocationId: '90002464',
      reserveDates: ['2027-03-02'],
      reserveDate: '2027-03-02',
      lastReserveDate: '2027-03-02',
      mealPeriods: [],
      preferredTime: '18:00:00',
      status: 0,
    })
    // No question made, lost or rescheduled (the prices column is migration 0024's).
    const after = await sql<{ prices: unknown }>`select * from questions order by id`.execute(db)
    expect(after.rows.map(({ prices: _, ...row }) => row)).toEqual(before.rows)
  })
})
