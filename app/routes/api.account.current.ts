import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/account/current: the signed-in user, to refresh a cached copy. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json(toUserJson(user), { headers: PRIVATE })
}

export const action = () => methodNotAllowed(['GET'])
