import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { clientReport } from '~/models/client-report.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { answerApiCall } from '~/utils/errors.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/clients/{id}/report: a client's report (issue 31), what its printable page shows: its
 * alerts of any status with what each watches, the openings each found and the texts about them,
 * to the agent or the client, with their delivery; times in ISO 8601.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return answerApiCall(async () =>
    json(await clientReport(getDb(), user.id, params.id, new Date()), { headers: PRIVATE }),
  )
}

export const action = () => methodNotAllowed(['GET'])
