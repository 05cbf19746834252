import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { exportAccount } from '~/models/account.server'
import { apiError, methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/account/export: everything we hold about the caller (profile, alerts, texts, chat),
 * the document Settings offers as a download (decision 0027).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const data = await exportAccount(getDb(), user.id)
  // Deleted since the token was checked: the token is no longer anyone's.
  if (!data) throw apiError(401, 'Unauthorized')
  return json(data, { headers: PRIVATE })
}

export const action = () => methodNotAllowed(['GET'])
