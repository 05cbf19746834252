import type { LoaderFunctionArgs } from '@remix-run/node'
import { alertsExportRows } from '~/domain/client-report'
import { csvHeaders, toCsv } from '~/domain/csv'
import { alertsExport } from '~/models/client-report.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'

/**
 * GET /api/alerts/export.csv: every alert of the caller's, hotel and dining, with its client's
 * name (empty when none) and who its texts go to, what it watches, its dates and status (issue
 * 31); a header row, times in ISO 8601.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const now = new Date()
  const rows = alertsExportRows(await alertsExport(getDb(), user.id), now)
  return new Response(toCsv(rows), {
    headers: {
      ...PRIVATE,
      ...csvHeaders(`disney-alerts-${now.toISOString().slice(0, 10)}.csv`),
    },
  })
}

export const action = () => methodNotAllowed(['GET'])
