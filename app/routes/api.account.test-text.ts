import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { testTextBodySchema } from '~/domain/test-text'
import { sendTestText } from '~/services/test-text.server'
import { apiError, methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * POST /api/account/test-text (no body, or `{}`): texts the caller's own number that alerts will
 * arrive like this. `{success, message}`; 409 in words when the number replied STOP, 429 with
 * Retry-After past the hourly limit. Any plan or none, and it counts toward no plan's limit.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  await readJson(request, testTextBodySchema)
  const result = await sendTestText(user)
  if (result.ok) return json({ success: true, message: result.message })
  return apiError(
    result.status,
    result.message,
    undefined,
    result.retryAfterS ? { 'Retry-After': String(result.retryAfterS) } : undefined,
  )
}
