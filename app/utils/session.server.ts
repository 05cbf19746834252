import { redirect } from '@remix-run/node'
import type { User } from '../../db/schema.ts'
import { getEnv } from '~/env.server'
import {
  createSession,
  findActiveSession,
  revokeSession,
  SESSION_TTL_MS,
} from '~/models/session.server'
import { getDb } from '~/utils/db.server'
import { signedCookie } from '~/utils/cookies.server'
import { oncePerRequest } from '~/utils/request-context.server'

/** The signed cookie holding the session token; the session itself is a row in Postgres. */
function sessionCookie() {
  return signedCookie(getEnv().isProduction ? '__Host-session' : 'session', {
    maxAgeMs: SESSION_TTL_MS.web,
  })
}

export interface Authenticated {
  user: User
  sessionId: string
  via: 'cookie' | 'bearer'
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization')
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  return match?.[1] ?? null
}

/** The signed-in user from `Authorization: Bearer` (API clients) or the session cookie. */
export async function authenticate(request: Request): Promise<Authenticated | null> {
  const bearer = bearerToken(request)
  const token = bearer ?? ((await sessionCookie().parse(request.headers.get('Cookie'))) as unknown)
  if (typeof token !== 'string' || !token) return null
  const lookUp = () => findActiveSession(getDb(), token)
  // A page's loaders share one look-up; a write (an action may sign in or out) makes its own.
  const found = await (request.method === 'GET'
    ? oncePerRequest(`session:${token}`, lookUp)
    : lookUp())
  if (!found) return null
  return { user: found.user, sessionId: found.sessionId, via: bearer ? 'bearer' : 'cookie' }
}

export async function getUser(request: Request): Promise<User | null> {
  return (await authenticate(request))?.user ?? null
}

/** Pages that need a signed-in user send others to /login?redirect=<this page>. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getUser(request)
  if (user) return user
  const url = new URL(request.url)
  const params = new URLSearchParams({ redirect: `${url.pathname}${url.search}` })
  throw redirect(`/login?${params}`)
}

/** Starts a browser session and answers with the cookie that carries it. */
export async function startWebSession(userId: string, redirectTo: string, headers = new Headers()) {
  const { token } = await createSession(getDb(), userId, 'web')
  headers.append('Set-Cookie', await sessionCookie().serialize(token))
  return redirect(redirectTo, { headers })
}

export async function endWebSession(request: Request, redirectTo = '/') {
  const current = await authenticate(request)
  if (current) await revokeSession(getDb(), current.sessionId)
  return redirect(redirectTo, {
    headers: { 'Set-Cookie': await sessionCookie().serialize('', { maxAge: 0 }) },
  })
}

/**
 * Admin pages: everyone without the admin role, signed in or not, is sent home (accounts §2),
 * so an admin page's existence is not advertised by a login prompt.
 */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await getUser(request)
  if (user?.role !== 'admin') throw redirect('/')
  return user
}
