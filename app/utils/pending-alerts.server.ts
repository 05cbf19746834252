import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import type { AlertKind } from '~/domain/alerts'
import { getEnv } from '~/env.server'
import { createDiningAlert } from '~/models/dining-alert.server'
import { createHotelAlert } from '~/models/hotel-alert.server'
import { claimPendingAlerts, PENDING_TTL_MS, savePendingAlert } from '~/models/pending-alert.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'

const g = globalThis as typeof globalThis & { __pendingCookie?: ReturnType<typeof createCookie> }

/** The signed cookie naming this browser's drafts; the drafts themselves live in Postgres. */
function pendingCookie() {
  const env = getEnv()
  g.__pendingCookie ??= createCookie('pending-alerts', {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.isProduction,
    path: '/',
    maxAge: PENDING_TTL_MS / 1000,
    secrets: [env.sessionSecret],
  })
  return g.__pendingCookie
}

const MAX_DRAFTS = 5
const idsSchema = z.array(z.uuid()).max(MAX_DRAFTS)

export async function readPendingIds(request: Request): Promise<string[]> {
  const value: unknown = await pendingCookie().parse(request.headers.get('Cookie'))
  const parsed = idsSchema.safeParse(value)
  return parsed.success ? parsed.data : []
}

/** Keeps a draft for after login and answers the Set-Cookie that remembers it. */
export async function keepDraftForLogin(
  request: Request,
  kind: AlertKind,
  payload: Record<string, unknown>,
) {
  const id = await savePendingAlert(getDb(), kind, payload)
  const ids = [...(await readPendingIds(request)), id].slice(-MAX_DRAFTS)
  return { id, setCookie: await pendingCookie().serialize(ids) }
}

export function forgetDrafts() {
  return pendingCookie().serialize([], { maxAge: 0 })
}

/**
 * Turns this browser's drafts into the user's alerts, each exactly once. Answers which kinds
 * were created and which failed (a draft that fails is not kept: the user is told to try again).
 */
export async function createAlertsFromDrafts(request: Request, userId: string) {
  const drafts = await claimPendingAlerts(getDb(), await readPendingIds(request))
  const created: AlertKind[] = []
  const failed: AlertKind[] = []
  for (const draft of drafts) {
    const payload = draft.payload as Record<string, unknown>
    try {
      if (draft.kind === 'hotel') await createHotelAlert(getDb(), userId, payload)
      else await createDiningAlert(getDb(), userId, payload)
      created.push(draft.kind)
    } catch (error) {
      getLogger().info(
        { err: error, kind: draft.kind },
        'a draft from before sign-in could not become an alert',
      )
      failed.push(draft.kind)
    }
  }
  return { created, failed }
}
