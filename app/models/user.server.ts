import type { Kysely } from 'kysely'
import type { Database, Role, User } from '../../db/schema.ts'

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
  }
}
export type UserJson = ReturnType<typeof toUserJson>
