import { sql } from 'kysely'
import { DINING_STATUS, HOTEL_STATUS, HOTEL_TYPE } from '~/domain/alerts'
import { TRIAL_DAYS } from '~/domain/plans'

/*
 * What "running" means in SQL, in one place: the plan limit, a downgrade's stops and the
 * dashboard all count the same alerts. `table` is the name or alias the query gives the table.
 */

/** A hotel alert the user made: internal queries (HOTEL_TYPE.internal) are not alerts. */
export function isUserHotelAlert(table: string) {
  return sql`${sql.ref(`${table}.type`)} <> ${sql.lit(HOTEL_TYPE.internal)}`
}

export function isRunningHotelAlert(table: string) {
  return sql`${sql.ref(`${table}.status`)} = ${sql.lit(HOTEL_STATUS.running)} and ${isUserHotelAlert(table)}`
}

export function isRunningDiningAlert(table: string) {
  return sql`${sql.ref(`${table}.status`)} = ${sql.lit(DINING_STATUS.running)}`
}

/**
 * Whether an owner's running alerts are checked: on any paid plan or a free trial still running,
 * and with a number that can be texted (one that replied STOP would hear of nothing found; its
 * alerts wait until it texts START). `user` and `plan` are the query's aliases.
 */
export function mayBeChecked(user: string, plan: string) {
  const u = (column: string) => sql.ref(`${user}.${column}`)
  return sql<boolean>`(not ${sql.ref(`${plan}.free`)} or (${u('trial_start_utc')} is not null
      and ${u('trial_start_utc')} > now() - make_interval(days => ${sql.lit(TRIAL_DAYS)})))
    and not exists (select 1 from sms_opt_outs o where o.phone_number = ${u('phone_number')})`
}
