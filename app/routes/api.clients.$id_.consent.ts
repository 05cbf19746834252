import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { toClientJson } from '~/models/client.server'
import { askClientConsent } from '~/services/client-consent.server'
import { apiError, methodNotAllowed, requireApiUser } from '~/utils/api.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * POST /api/clients/{id}/consent (no body needed): texts the client's phone to ask for consent,
 * naming the caller, and answers `{client, message}` with the client now "asked". Refused in
 * words: 404 for another account's client, 400 without a phone or the caller's name, 409 once
 * the client agreed or it or its number replied STOP, 429 within a day of the last ask or past
 * the hourly limit.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const result = await askClientConsent(user, params.id)
  if (!result.ok) return apiError(result.status, result.message)
  return json({ client: toClientJson(result.client), message: result.message })
}
