import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { diningDraftFromPending, type DiningDraft } from '~/domain/dining-drafts'
import { pendingAlertSchema } from '~/domain/pending-alert'
import type { AlertKind } from '~/domain/alerts'
import { createDiningAlert } from '~/models/dining-alert.server'
import { createHotelAlert } from '~/models/hotel-alert.server'
import {
  claimPendingAlerts,
  findPendingAlert,
  PENDING_TTL_MS,
  savePendingAlert,
} from '~/models/pending-alert.server'
import { getDb } from '~/utils/db.server'
import { getLogger } from '~/utils/logger.server'
import { signedCookie } from '~/utils/cookies.server'
import { redirectWithNotice, type FlashNotice } from '~/utils/flash.server'

/** The signed cookie naming this browser's drafts; the drafts themselves live in Postgres. */
function pendingCookie() {
  return signedCookie('pending-alerts', { maxAgeMs: PENDING_TTL_MS })
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

function forgetDrafts() {
  return pendingCookie().serialize([], { maxAge: 0 })
}

/**
 * Turns this browser's drafts into the user's alerts, each exactly once. Answers which kinds
 * were created and which failed (a draft that fails is not kept: the user is told to try again).
 */
async function createAlertsFromDrafts(request: Request, userId: string) {
  const drafts = await claimPendingAlerts(getDb(), await readPendingIds(request))
  const created: AlertKind[] = []
  const failed: AlertKind[] = []
  for (const row of drafts) {
    try {
      const draft = pendingAlertSchema.parse(row)
      if (draft.kind === 'hotel') await createHotelAlert(getDb(), userId, draft.payload)
      else await createDiningAlert(getDb(), userId, draft.payload)
      created.push(row.kind)
    } catch (error) {
      getLogger().info(
        { err: error, kind: row.kind },
        'a draft from before sign-in could not become an alert',
      )
      failed.push(row.kind)
    }
  }
  return { created, failed }
}

/**
 * Alerts filled in before sign-in become real alerts on arrival, once, then the draft is gone:
 * answers the redirect to the dashboard saying what was created (the specification's newAlert
 * and success) or failed (a notice), or null without drafts.
 */
export async function arriveWithDrafts(request: Request, userId: string) {
  if ((await readPendingIds(request)).length === 0) return null
  const { created, failed } = await createAlertsFromDrafts(request, userId)
  const params = new URL(request.url).searchParams
  if (created[0]) {
    params.set('newAlert', created[0])
    params.set('success', '1')
  }
  const to = `/dashboard${params.size ? `?${params}` : ''}`
  const headers = { 'Set-Cookie': await forgetDrafts() }
  if (failed[0]) return redirectWithNotice(to, DRAFT_FAILED[failed[0]], headers)
  return redirect(to, { headers })
}

const DRAFT_FAILED = {
  hotel: {
    tone: 'error',
    message: 'Failed to create your hotel alert.',
    link: { to: '/alerts/hotels', text: 'Try again' },
  },
  dining: {
    tone: 'error',
    message:
      'Failed to create your dining alert. Please try creating it again from the alerts page.',
  },
} satisfies Record<AlertKind, FlashNotice>

/** The draft saved before sign-in, for ?restore=1: the newest dining draft of this browser. */
export async function restoredDiningDraft(request: Request): Promise<DiningDraft | null> {
  for (const id of (await readPendingIds(request)).reverse()) {
    const pending = pendingAlertSchema.safeParse(await findPendingAlert(getDb(), id))
    if (pending.success && pending.data.kind === 'dining')
      return diningDraftFromPending(pending.data.payload, id)
  }
  return null
}
