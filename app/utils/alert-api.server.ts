import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import type { AlertKind } from '~/domain/alerts'
import { AlertRuleError, assertAlertId, deleteAlert } from '~/models/alert-rules.server'
import { apiError, methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'

/** Runs an alert call; a refusal of the alert rules becomes its JSON error (accounts §8). */
export async function answerAlertCall(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof AlertRuleError)) throw error
    const named =
      error.code === 'QUOTA_EXCEEDED' ||
      error.code === 'SUBSCRIPTION_REQUIRED' ||
      error.code === 'NO_PLAN'
    return apiError(error.status, error.message, named ? error.code : undefined)
  }
}

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
    return answerAlertCall(async () => {
      assertAlertId(params.id)
      await deleteAlert(getDb(), user.id, kind, params.id)
      return json({ success: true })
    })
  }
}
