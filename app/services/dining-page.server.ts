import { parseWithZod } from '@conform-to/zod/v4'
import { json } from '@remix-run/node'
import { EDIT_FIELD } from '~/domain/alert-drafts'
import { CLIENT_FIELDS, clientPayload } from '~/domain/alert-client'
import { readDiningDraft } from '~/domain/dining-drafts'
import { todayIn } from '~/domain/dates'
import { findDestination } from '~/domain/destinations'
import { DINING_MESSAGES } from '~/domain/dining-alert'
import { diningFormSchema } from '~/domain/dining-alert-schema'
import {
  checkDiningAlert,
  createDiningAlert,
  updateDiningAlert,
} from '~/models/dining-alert.server'
import { alertClientChoice } from '~/models/client.server'
import { claimPendingAlerts } from '~/models/pending-alert.server'
import { saveAlertFromPage } from '~/services/alert-page.server'
import { readPendingIds } from '~/services/pending-alerts.server'
import { getDb } from '~/utils/db.server'
import { replyWithError } from '~/utils/errors.server'
import { getUser } from '~/utils/session.server'

/**
 * Saves a dining alert posted from a page form (/alerts/dining, and /dining-alerts/new once
 * its simpler time fields are read), or the edit of one (/alerts/dining with EDIT_FIELD): one
 * schema, one service, the same refusals and messages. An account's alert may be for one of its
 * clients (the client fields); a refused form comes back with them as they were sent.
 */
export async function saveDiningFromPage(request: Request, formData: FormData, clientIp: string) {
  const draft = readDiningDraft(formData, 'disneyland')
  const timeZone = findDestination(draft.resortLocationIdentifier)!.timeZone
  const submission = parseWithZod(formData, { schema: diningFormSchema(todayIn(timeZone)) })
  const clientChoice = async () =>
    alertClientChoice(getDb(), (await getUser(request))?.id, null, formData)
  if (submission.status !== 'success')
    return json(
      { result: submission.reply(), draft, clientChoice: await clientChoice() },
      { status: 400 },
    )
  const owned = { ...submission.value, ...clientPayload(Object.fromEntries(formData)) }
  const pendingId = formData.get('pendingId')
  const editId = formData.get(EDIT_FIELD)
  const outcome = await saveAlertFromPage(request, {
    kind: 'dining',
    value: submission.value,
    check: () => checkDiningAlert(getDb(), submission.value),
    clientIp,
    create: async (userId) => {
      // A restored draft is claimed as the alert is made, so it can never be made twice.
      if (typeof pendingId === 'string' && (await readPendingIds(request)).includes(pendingId)) {
        await claimPendingAlerts(getDb(), [pendingId])
      }
      return createDiningAlert(getDb(), userId, owned)
    },
    edit:
      typeof editId === 'string'
        ? {
            id: editId,
            update: (userId, id) => updateDiningAlert(getDb(), userId, id, owned),
            failedMessage: DINING_MESSAGES.updateFailed,
          }
        : undefined,
    afterLogin: '/alerts/dining?restore=1',
    failedMessage: DINING_MESSAGES.createFailed,
  })
  if (outcome instanceof Response) return outcome
  return json(
    // Beside the client fields, else above the submit button, as the page's fields are checked
    // before saving.
    {
      result: replyWithError(
        submission,
        outcome,
        (CLIENT_FIELDS as readonly unknown[]).includes(outcome.field) ? outcome.field : null,
      ),
      draft,
      clientChoice: await clientChoice(),
      code: outcome.code,
      alertId: outcome.alertId,
    },
    { status: outcome.status },
  )
}
