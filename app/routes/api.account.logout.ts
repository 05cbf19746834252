import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { revokeAllSessions, revokeSession } from '~/models/session.server'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { authenticate } from '~/utils/session.server'

const schema = z.object({ everywhere: z.boolean().optional() })

export const loader = () => methodNotAllowed(['POST'])

/** POST /api/account/logout {everywhere?}: revokes this token, or every session of the user. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const current = await authenticate(request)
  if (!current) return apiError(401, 'Unauthorized')
  const { everywhere } = await readJson(request, schema)
  const revoked = everywhere
    ? await revokeAllSessions(getDb(), current.user.id)
    : await revokeSession(getDb(), current.sessionId)
  return json({ success: true, revoked })
}
