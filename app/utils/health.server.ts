import { json } from '@remix-run/node'
import { unavailableCause } from '~/utils/db.server'

export type Check = { ok: true; detail?: string } | { ok: false; detail: string }

/**
 * What went wrong, in the failure's own words. The web's pool throws a 503 Response (a page's
 * answer) when Postgres cannot serve: the error behind it is reported, and any other Response
 * by its body, never as "[object Response]".
 */
async function wordsOf(thrown: unknown): Promise<string> {
  const error = unavailableCause(thrown) ?? thrown
  if (error instanceof Response) return `${error.status}: ${await error.text()}`
  return error instanceof Error ? error.message : String(error)
}

/** One check: ok with what it found, or not ok with why. */
export async function check(run: () => Promise<string | undefined>): Promise<Check> {
  try {
    const detail = await run()
    return detail ? { ok: true, detail } : { ok: true }
  } catch (error) {
    return { ok: false, detail: await wordsOf(error) }
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms),
    ),
  ])
}

/**
 * A health answer: 200 when every check passed, else 503 with `failing` naming those that did
 * not, and `extra` beside them; never cached. `status` is `unhealthy` or, when all passed,
 * `healthyStatus`.
 */
export function healthAnswer<C extends Record<string, Check>, E extends object>(
  checks: C,
  extra: E,
  healthyStatus = 'ok',
) {
  const failing = Object.entries(checks)
    .filter(([, result]) => !result.ok)
    .map(([name]) => name)
  return json(
    { status: failing.length ? 'unhealthy' : healthyStatus, failing, checks, ...extra },
    { status: failing.length ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
  )
}
