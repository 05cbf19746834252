import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { revokeAllSessions } from '~/models/session.server'
import { getDb } from '~/utils/db.server'
import { readFormData } from '~/utils/http.server'
import { authenticate, endWebSession } from '~/utils/session.server'

export const loader = () => redirect('/')

/**
 * POST /logout ends this browser's session; with everywhere=1 every session of the account. A
 * body that is not a form is a 400 that signs nobody out.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  if (formData.get('everywhere') === '1') {
    const current = await authenticate(request)
    if (current) await revokeAllSessions(getDb(), current.user.id)
  }
  return endWebSession(request, '/')
}
