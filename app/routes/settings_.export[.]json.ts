import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { exportFileName } from '~/domain/account-deletion'
import { exportAccount } from '~/models/account.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'
import { requireUser } from '~/utils/session.server'

/**
 * GET /settings/export.json: "Download my data" in Settings, the same document as
 * GET /api/account/export (decision 0027), laid out for reading and saved as a file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const now = new Date()
  const data = await exportAccount(getDb(), user.id, now)
  if (!data) throw redirect('/login')
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      ...PRIVATE,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
    },
  })
}
