import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { DINING_STATUS, HOTEL_STATUS, type AlertKind } from '~/domain/alerts'
import { TRIAL_DAYS } from '~/domain/plans'
import { isRunningDiningAlert, isRunningHotelAlert } from '~/models/running-alerts.server'
import { diningQueryKey, hotelQueryKey, nextDueAt, phaseMs } from '~/domain/schedule'

type Executor = Kysely<Database>

/** A group of claimed alerts that ask Disney one question: one check job. */
export interface DueCheck {
  kind: AlertKind
  queryKey: string
  alertIds: string[]
  /** The earliest scheduled time among them, to measure how late the check runs. */
  scheduledFor: number
  /** The moment of the claim: the check records only alerts no later claim has taken. */
  claimedAt: number
}

/**
 * Stops running alerts whose date has passed. Dates are compared with the date in California,
 * the last of our destinations to reach a day, so no alert stops before its own day is over.
 */
export async function stopPastAlerts(db: Executor) {
  const pacificToday = sql`(now() at time zone 'America/Los_Angeles')::date`
  const hotels = await db
    .updateTable('hotelAlerts')
    .set({
      status: HOTEL_STATUS.stopped,
      statusReason: 'The check-in date has passed.',
      nextCheckAt: null,
    })
    .where('status', '=', HOTEL_STATUS.running)
    .where(sql<boolean>`check_in_date < ${pacificToday}`)
    .executeTakeFirst()
  const dinings = await db
    .updateTable('diningAlerts')
    .set({ status: DINING_STATUS.stopped, statusReason: 'The date has passed.', nextCheckAt: null })
    .where('status', '=', DINING_STATUS.running)
    .where(sql<boolean>`reserve_date < ${pacificToday}`)
    .executeTakeFirst()
  return Number(hotels.numUpdatedRows) + Number(dinings.numUpdatedRows)
}

/**
 * Users whose alerts are checked: on any paid plan or a free trial still running, and whose
 * number can be texted (one that replied STOP would hear of nothing found; its alerts wait,
 * due, until it texts START).
 */
const scansAllowed = sql<boolean>`(not p.free or (u.trial_start_utc is not null and u.trial_start_utc > now() - make_interval(days => ${TRIAL_DAYS})))
  and not exists (select 1 from sms_opt_outs o where o.phone_number = u.phone_number)`

/**
 * Claims due running alerts (FOR UPDATE SKIP LOCKED, so any number of workers can tick at once
 * without claiming one alert twice), moves each one's next check to its next slot on its
 * question's phase, stamps the claim's moment on it, and hands them, grouped by question, to `enqueue` before the claim commits:
 * if enqueueing fails, the alerts stay due and the next tick claims them again. A batch holds
 * whole questions, so it can be a little larger than `batchSize`.
 */
export async function claimDueChecks(
  db: Executor,
  now: number,
  batchSize: number,
  enqueue: (checks: DueCheck[]) => Promise<void>,
): Promise<DueCheck[]> {
  return db.transaction().execute(async (trx) => {
    const due = new Date(now)
    const selectHotels = (filter: RawBuilder<unknown>, limit: RawBuilder<unknown>) =>
      sql<{
        id: string
        resortId: string
        checkInDate: string
        checkOutDate: string
        numberOfAdults: number
        agesOfChildren: number[]
        accessible: boolean
        intervalMinutes: number
        nextCheckAt: Date
      }>`
        select h.id, h.resort_id, h.check_in_date, h.check_out_date, h.number_of_adults, h.ages_of_children,
          h.accessible, p.interval_minutes, h.next_check_at
        from hotel_alerts h join users u on u.id = h.user_id join plans p on p.id = u.plan_id
        where ${isRunningHotelAlert('h')} and h.next_check_at <= ${due} and ${scansAllowed} ${filter}
        order by h.next_check_at, h.resort_id, h.check_in_date, h.check_out_date, h.number_of_adults,
          h.ages_of_children, h.accessible
        ${limit}
        for update of h skip locked
      `.execute(trx)
    const selectDinings = (filter: RawBuilder<unknown>, limit: RawBuilder<unknown>) =>
      sql<{
        id: string
        resortLocationIdentifier: string
        partySize: number
        reserveDate: string
        intervalMinutes: number
        nextCheckAt: Date
      }>`
        select d.id, d.resort_location_identifier, d.party_size, d.reserve_date, p.interval_minutes, d.next_check_at
        from dining_alerts d join users u on u.id = d.user_id join plans p on p.id = u.plan_id
        where ${isRunningDiningAlert('d')} and d.next_check_at <= ${due} and ${scansAllowed} ${filter}
        order by d.next_check_at, d.resort_location_identifier, d.party_size, d.reserve_date
        ${limit}
        for update of d skip locked
      `.execute(trx)

    // Alerts come question by question. A full batch may cut its last question short: the rest
    // of that question's due alerts join the claim, so the question is asked once for its slot,
    // not once by each round.
    const batch = sql`limit ${batchSize}`
    const hotels = (await selectHotels(sql``, batch)).rows
    const lastHotel = hotels.length === batchSize ? hotels.at(-1) : undefined
    if (lastHotel) {
      const rest = await selectHotels(
        sql`and h.resort_id = ${lastHotel.resortId} and h.check_in_date = ${lastHotel.checkInDate}
          and h.check_out_date = ${lastHotel.checkOutDate} and h.number_of_adults = ${lastHotel.numberOfAdults}
          and h.ages_of_children = ${lastHotel.agesOfChildren} and h.accessible = ${lastHotel.accessible}
          and h.id <> all(${hotels.map((row) => row.id)}::uuid[])`,
        sql``,
      )
      hotels.push(...rest.rows)
    }
    const dinings = (await selectDinings(sql``, batch)).rows
    const lastDining = dinings.length === batchSize ? dinings.at(-1) : undefined
    if (lastDining) {
      const rest = await selectDinings(
        sql`and d.resort_location_identifier = ${lastDining.resortLocationIdentifier}
          and d.party_size = ${lastDining.partySize} and d.reserve_date = ${lastDining.reserveDate}
          and d.id <> all(${dinings.map((row) => row.id)}::uuid[])`,
        sql``,
      )
      dinings.push(...rest.rows)
    }

    const groups = new Map<string, DueCheck>()
    const reschedule = async (
      table: 'hotel_alerts' | 'dining_alerts',
      rows: { id: string; key: string; intervalMinutes: number; nextCheckAt: Date }[],
      kind: AlertKind,
    ) => {
      if (rows.length === 0) return
      const ids: string[] = []
      const nexts: Date[] = []
      for (const row of rows) {
        const intervalMs = row.intervalMinutes * 60_000
        ids.push(row.id)
        nexts.push(new Date(nextDueAt(now, intervalMs, phaseMs(row.key, intervalMs))))
        const group = groups.get(row.key) ?? {
          kind,
          queryKey: row.key,
          alertIds: [],
          scheduledFor: row.nextCheckAt.getTime(),
          claimedAt: now,
        }
        group.alertIds.push(row.id)
        group.scheduledFor = Math.min(group.scheduledFor, row.nextCheckAt.getTime())
        groups.set(row.key, group)
      }
      await sql`
        update ${sql.table(table)} a set next_check_at = v.next_at, claimed_at = ${due}
        from unnest(${ids}::uuid[], ${nexts}::timestamptz[]) as v(id, next_at)
        where a.id = v.id
      `.execute(trx)
    }
    await reschedule(
      'hotel_alerts',
      hotels.map((row) => ({ ...row, key: hotelQueryKey(row) })),
      'hotel',
    )
    await reschedule(
      'dining_alerts',
      dinings.map((row) => ({ ...row, key: diningQueryKey(row) })),
      'dining',
    )
    const checks = [...groups.values()]
    if (checks.length) await enqueue(checks)
    return checks
  })
}
