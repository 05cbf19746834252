import { randomInt } from 'node:crypto'
import type { DB } from './client.ts'
import type { NewUser, User } from './schema.ts'

const AREA_CODES = [201, 202, 212, 213, 305, 312, 407, 415, 617, 702, 714, 718] as const

/** A valid US number on the 555 exchange (kept for fiction); random, so tests rarely share one. */
export function fakePhoneNumber(): string {
  const area = AREA_CODES[randomInt(0, AREA_CODES.length)]
  return `+1${area}555${String(randomInt(0, 10_000)).padStart(4, '0')}`
}

/** Factories shared by the tests and the seed: rows with sensible defaults, any field overridable. */
export async function createUser(db: DB, overrides: Partial<NewUser> = {}): Promise<User> {
  return db
    .insertInto('users')
    .values({ phoneNumber: fakePhoneNumber(), ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow()
}
