import type { Kysely } from 'kysely'
import type { Database, Role, User } from '../../db/schema.ts'
import { refreshQuestions } from '~/models/question.server'

type Executor = Kysely<Database>

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The first verified login creates the user; later logins find it. The role follows configuration. */
export async function upsertUserOnLogin(
  db: Executor,
  phoneNumber: string,
  role: Role,
): Promise<User> {
  return db
    .insertInto('users')
    .values({ phoneNumber, role })
    .onConflict((oc) => oc.column('phoneNumber').doUpdateSet({ role }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The user object of the JSON contract (accounts §3). */
export function toUserJson(user: User) {
  return {
    id: user.id,
    phoneNumber: user.phoneNumber,
    stripeSubscriptionPlanId: user.stripeSubscriptionPlanId,
    trialStartUtc: user.trialStartUtc ? new Date(user.trialStartUtc).toISOString() : null,
    planId: user.planId,
    role: user.role,
    name: user.name,
    email: user.email,
  }
}
export type UserJson = ReturnType<typeof toUserJson>

/** Saves the profile fields given (undefined keeps a field, null clears it). */
export async function saveProfile(
  db: Executor,
  userId: string,
  changes: { name?: string | null; email?: string | null },
): Promise<User> {
  const given = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  )
  if (Object.keys(given).length === 0)
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  return db
    .updateTable('users')
    .set(given)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function phoneNumberInUse(db: Executor, phoneNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Moves a user to a verified new number in one statement; the role follows configuration, as at
 * login. Answers undefined when another account holds the number: the unique constraint decides,
 * so an account that took it a moment ago is refused too.
 */
export async function changePhoneNumber(
  db: Executor,
  userId: string,
  phoneNumber: string,
  role: Role,
): Promise<User | undefined> {
  try {
    const user = await db
      .updateTable('users')
      .set({ phoneNumber, role })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
    // Whether its alerts may be checked follows the number (a STOPped one may not).
    await refreshQuestions(db, { userId }, new Date())
    return user
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string }
    if (code === '23505' && constraint === 'users_phone_number_key') return undefined
    throw error
  }
}
