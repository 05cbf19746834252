import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { requestedAlertHistory } from '~/services/alert-history.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/alerts/{hotel|dining}/{id}/history: what the alert's own page shows, as JSON; a hotel
 * alert's with its prices over time (in dollars) and, for a watch, what it watches.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return answerApiCall(async () =>
    json(await requestedAlertHistory(request, params, user.id), { headers: PRIVATE }),
  )
}

export const action = () => methodNotAllowed(['GET'])
