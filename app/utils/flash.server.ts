import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { signedCookie } from '~/utils/cookies.server'
import { singleton } from '~/utils/singleton.server'

/**
 * A notice of our own for the page a redirect after POST lands on ("Plan updated", "We sent you
 * a new code"), carried in a signed cookie and shown once. The specification's own query
 * parameters (newAlert, success) stay in the URL.
 */
const noticeSchema = z.object({
  tone: z.enum(['success', 'error']),
  message: z.string(),
  link: z.object({ to: z.string(), text: z.string() }).optional(),
  /** The id of the page section whose form it answers, shown beside that form; else on top. */
  section: z.string().optional(),
})
export type FlashNotice = z.infer<typeof noticeSchema>

function flashStorage() {
  return singleton('flash-storage', () =>
    createCookieSessionStorage({ cookie: signedCookie('flash') }),
  )
}

/** A redirect that leaves `notice` for the next page; `headers` may carry other cookies. */
export async function redirectWithNotice(to: string, notice: FlashNotice, headers?: HeadersInit) {
  const storage = flashStorage()
  const session = await storage.getSession()
  session.flash('notice', notice)
  const all = new Headers(headers)
  all.append('Set-Cookie', await storage.commitSession(session))
  return redirect(to, { headers: all })
}

/** The notice the last redirect left, if any, and the header that forgets it once read. */
export async function readNotice(
  request: Request,
): Promise<{ notice: FlashNotice | null; headers: HeadersInit }> {
  const storage = flashStorage()
  const session = await storage.getSession(request.headers.get('Cookie'))
  const parsed = noticeSchema.safeParse(session.get('notice'))
  if (!parsed.success) return { notice: null, headers: {} }
  return {
    notice: parsed.data,
    headers: { 'Set-Cookie': await storage.commitSession(session) },
  }
}
