import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { normalizeHotelPayload } from '~/domain/hotel-alert'
import { createHotelAlert, listHotelAlerts, updateHotelAlert } from '~/models/hotel-alert.server'
import { anyObject, statusField } from '~/utils/alert-api.server'
import { answerApiCall } from '~/utils/errors.server'
import { apiError, methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/availability-queries: the caller's hotel alerts, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json(await listHotelAlerts(getDb(), user.id), {
    headers: PRIVATE,
  })
}

/** POST creates a hotel alert; PUT replaces one (Id in the body, capitalised names accepted). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT')
    return methodNotAllowed(['GET', 'POST', 'PUT'])
  const user = await requireApiUser(request)
  const payload = normalizeHotelPayload(await readJson(request, anyObject))
  return answerApiCall(async () => {
    if (request.method === 'POST') {
      if (payload.active !== undefined && typeof payload.active !== 'boolean')
        return apiError(400, 'active must be true or false.')
      const active = payload.active ?? true
      return json(await createHotelAlert(getDb(), user.id, payload, { active }), { status: 201 })
    }
    const status = statusField.safeParse(payload.status)
    if (!status.success) return apiError(400, 'status must be a whole number.')
    return json(
      await updateHotelAlert(getDb(), user.id, payload.id, payload, { status: status.data }),
    )
  })
}
