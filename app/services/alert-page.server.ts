import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from '@remix-run/node'
import { coverageOf } from '~/components/alert-form/stay-coverage'
import { hotelDraftCost, type HotelDraft } from '~/domain/hotel-drafts'
import type { AlertKind } from '~/domain/alerts'
import { AppError } from '~/domain/app-error'
import { hotelPageSchema } from '~/domain/hotel-alert-schema'
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
