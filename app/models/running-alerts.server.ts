import { sql } from 'kysely'
import { DINING_STATUS, HOTEL_STATUS, HOTEL_TYPE } from '~/domain/alerts'

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
