import { createCookie, type Cookie } from '@remix-run/node'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

/**
 * One of the app's cookies: HttpOnly, SameSite=Lax, Secure in production and signed with
 * SESSION_SECRET, made once per process. `maxAgeMs` left out makes it last the browser session.
 */
export function signedCookie(name: string, options: { path?: string; maxAgeMs?: number } = {}) {
  return singleton(`cookie:${name}`, (): Cookie => {
    const env = getEnv()
    return createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: env.isProduction,
      path: options.path ?? '/',
      ...(options.maxAgeMs !== undefined && { maxAge: options.maxAgeMs / 1000 }),
      secrets: [env.sessionSecret],
    })
  })
}
