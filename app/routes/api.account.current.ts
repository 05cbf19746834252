import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'

/**
 * GET /api/account/current: the signed-in user, to refresh a cached copy. Its Cache-Control
 * (`private, no-store`) is the one server.ts sets on every answer to a request with a token or a
 * session cookie, as every answer here is: a second one here would be sent as well.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json(toUserJson(user))
}

export const action = () => methodNotAllowed(['GET'])
