import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  createDiningAlert,
  listDiningAlerts,
  updateDiningAlert,
} from '~/models/dining-alert.server'
import { anyObject, statusField } from '~/utils/alert-api.server'
import { answerApiCall } from '~/utils/errors.server'
import { apiError, methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/dining-alerts: the caller's dining alerts, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json(await listDiningAlerts(getDb(), user.id), {
    headers: PRIVATE,
  })
}

/** POST creates a dining alert; PUT replaces one (id in the body). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT')
    return methodNotAllowed(['GET', 'POST', 'PUT'])
  const user = await requireApiUser(request)
  const payload = await readJson(request, anyObject)
  return answerApiCall(async () => {
    const status = statusField.safeParse(payload.status)
    if (!status.success) return apiError(400, 'status must be a whole number.')
    if (request.method === 'POST') {
      return json(await createDiningAlert(getDb(), user.id, payload), { status: 201 })
    }
    return json(
      await updateDiningAlert(getDb(), user.id, payload.id ?? payload.Id, payload, {
        status: status.data,
      }),
    )
  })
}
