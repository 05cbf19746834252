import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { json, redirect } from '@remix-run/node'
import { coverageOf } from '~/components/alert-form/stay-coverage'
import { hotelDraftCost, type HotelDraft } from '~/domain/hotel-drafts'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { clientPayload } from '~/domain/alert-client'
import type { AlertKind } from '~/domain/alerts'
import { AppError } from '~/domain/app-error'
import { HOTEL_MESSAGES } from '~/domain/hotel-alert'
import { hotelPageSchema } from '~/domain/hotel-alert-schema'
import { checkHotelAlert, createHotelAlert, updateHotelAlert } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { replyWithError } from '~/utils/errors.server'
import { redirectWithNotice } from '~/utils/flash.server'
import { getLogger } from '~/utils/logger.server'
import { keepDraftForLogin } from '~/services/pending-alerts.server'
import { consume } from '~/utils/rate-limit.server'
import { getUser } from '~/utils/session.server'

// The hotel page form is parsed here rather than in its route: a route importing the schema
// itself would put it, and zod, in its page's first download (see useDeferredValidation).
export function parseHotelPage(formData: FormData, today: string) {
  return parseWithZod(formData, { schema: hotelPageSchema(today) })
}

/** What a hotel draft covers, in words, for the page without JavaScript (zod again: see above). */
export function hotelDraftCoverage(draft: HotelDraft) {
  const cost = hotelDraftCost(draft)
  return cost && coverageOf(cost)
}

export const ALERT_UPDATED = 'Alert updated.'

export const DRAFT_LIMIT_MESSAGE =
  'Too many alerts from this network. Please sign in, or try again later.'

/**
 * Saves an alert posted from its page form. A visitor's alert waits in a draft and the visitor
 * goes to log in (`afterLogin` is where they come back); a user's alert is created, or the one
 * being edited is changed, and they go to the dashboard. A refusal comes back as an AppError; a failure of ours as `failedMessage`.
 */
export async function saveAlertFromPage(
  request: Request,
  options: {
    kind: AlertKind
    value: Record<string, unknown>
    /** Every rule of creation, without saving: a draft must be an alert that could exist. */
    check: () => Promise<unknown>
    create: (userId: string) => Promise<unknown>
    /** The alert this form edits (its EDIT_FIELD), and how to save the edit. */
    edit?: {
      id: string
      update: (userId: string, id: string) => Promise<unknown>
      failedMessage: string
    }
    clientIp: string
    afterLogin: string
    failedMessage: string
    /** A price watch: the dashboard's banner, told so beside the kind (`watch=price`), says so. */
    watch?: 'price'
  },
): Promise<Response | AppError> {
  try {
    const user = await getUser(request)
    if (options.edit) {
      // An edit is the owner's alone: a visitor signs in and finds it on the dashboard.
      if (!user) return redirect(`/login?${new URLSearchParams({ redirect: '/dashboard' })}`)
      await options.edit.update(user.id, options.edit.id)
      return redirectWithNotice('/dashboard', { tone: 'success', message: ALERT_UPDATED })
    }
    if (!user) {
      await options.check()
      const limit = await consume('draftPerIp', options.clientIp)
      if (!limit.ok) throw new AppError(429, 'RATE_LIMITED', DRAFT_LIMIT_MESSAGE)
      const { setCookie } = await keepDraftForLogin(request, options.kind, options.value)
      const params = new URLSearchParams({ intent: 'quick', redirect: options.afterLogin })
      return redirect(`/login?${params}`, { headers: { 'Set-Cookie': setCookie } })
    }
    await options.create(user.id)
    const created = new URLSearchParams({ newAlert: options.kind, success: '1' })
    if (options.watch) created.set('watch', options.watch)
    return redirect(`/dashboard?${created}`)
  } catch (error) {
    if (error instanceof AppError) return error
    getLogger().error({ err: error, kind: options.kind }, 'alert could not be saved')
    return new AppError(503, 'UNAVAILABLE', (options.edit ?? options).failedMessage)
  }
}

/**
 * Saves a hotel alert posted from a page form, the hotel alert's or (`watch: 'price'`) the price
 * watch's, or the edit of one of that kind (EDIT_FIELD): the form's value, which the model checks
 * again against the catalogue, with the client fields of an account's alert. A refused form comes
 * back as it was `sent`, the refusal beside the field `fieldOf` names, else above the button.
 */
export async function saveHotelFromPage<Input, Value extends Record<string, unknown>, Sent>(
  request: Request,
  formData: FormData,
  submission: Submission<Input, string[], Value>,
  options: {
    clientIp: string
    watch?: 'price'
    sent: () => Promise<Sent>
    fieldOf: (field: string | undefined) => string | null
  },
) {
  if (submission.status !== 'success') {
    return json({ result: submission.reply(), ...(await options.sent()) }, { status: 400 })
  }
  const db = getDb()
  const value: Record<string, unknown> = { ...submission.value }
  // An account's alert may be for one of its clients; a visitor's draft has none.
  const owned = { ...value, ...clientPayload(Object.fromEntries(formData)) }
  const editId = formData.get(EDIT_FIELD)
  const outcome = await saveAlertFromPage(request, {
    kind: 'hotel',
    watch: options.watch,
    value,
    check: () => checkHotelAlert(db, value),
    create: (userId) => createHotelAlert(db, userId, owned),
    edit:
      typeof editId === 'string'
        ? {
            id: editId,
            update: (userId, id) =>
              updateHotelAlert(db, userId, id, owned, { kind: options.watch ?? 'availability' }),
            failedMessage: HOTEL_MESSAGES.updateFailed,
          }
        : undefined,
    clientIp: options.clientIp,
    afterLogin: options.watch
      ? '/dashboard?newAlert=hotel&watch=price'
      : '/dashboard?newAlert=hotel',
    failedMessage: HOTEL_MESSAGES.createFailed,
  })
  if (outcome instanceof Response) return outcome
  return json(
    {
      result: replyWithError(submission, outcome, options.fieldOf(outcome.field)),
      ...(await options.sent()),
      code: outcome.code,
      alertId: outcome.alertId,
    },
    { status: outcome.status },
  )
}
