import { createUser } from '../../db/factories.ts'
import type { User } from '../../db/schema.ts'
import { createSession } from '~/models/session.server'
import { getDb } from '~/utils/db.server'
import { startWebSession } from '~/utils/session.server'
import { cookiesFrom } from './routes.ts'

/** The Cookie header of a signed-in browser for this user. */
export async function cookieFor(user: User): Promise<string> {
  return cookiesFrom(await startWebSession(user.id, '/'))
}

/** A Bearer token for this user's API client. */
export async function tokenFor(user: User): Promise<string> {
  return (await createSession(getDb(), user.id, 'api')).token
}

/** A new user, signed in in a browser: the user and the Cookie header that browser sends. */
export async function signedInBrowser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(getDb(), overrides)
  return { user, cookie: await cookieFor(user) }
}
