import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import type { AlertKind } from '~/domain/alerts'
import { assertAlertId, deleteAlert } from '~/models/alert-rules.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { answerApiCall } from '~/utils/errors.server'

/** Any JSON object: each alert model validates the fields itself, with its own messages. */
export const anyObject = z.record(z.string(), z.unknown())

export const statusField = z
  .union([z.number().int(), z.undefined(), z.null()], { error: 'status must be a whole number.' })
  .transform((value) => value ?? undefined)

/** The action of DELETE /api/availability-queries/{id} and DELETE /api/dining-alerts/{id}. */
export function deleteAlertAction(kind: AlertKind) {
  return async ({ request, params }: ActionFunctionArgs) => {
    if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
    const user = await requireApiUser(request)
    return answerApiCall(async () => {
      assertAlertId(params.id)
      await deleteAlert(getDb(), user.id, kind, params.id)
      return json({ success: true })
    })
  }
}
