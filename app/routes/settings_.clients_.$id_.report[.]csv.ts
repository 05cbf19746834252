import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { AppError } from '~/domain/app-error'
import { clientReportRows } from '~/domain/client-report'
import { csvHeaders, fileNamePart, toCsv } from '~/domain/csv'
import { clientReport } from '~/models/client-report.server'
import { methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { PRIVATE } from '~/utils/http.server'
import { requireUser } from '~/utils/session.server'

/**
 * GET /settings/clients/{id}/report.csv: "Download CSV" of a client's report (issue 31), a row
 * for each text about an opening and each opening, saved as a file an agent can hand the client.
 * Its owner's only: anyone else's client, or an id made up, is not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const now = new Date()
  try {
    const report = await clientReport(getDb(), user.id, params.id, now)
    const fileName = `${fileNamePart(report.client.name, 'client')}-alert-report-${now.toISOString().slice(0, 10)}.csv`
    return new Response(toCsv(clientReportRows(report, report.client.name)), {
      headers: { ...PRIVATE, ...csvHeaders(fileName) },
    })
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw json({ message: error.message }, { status: error.status, headers: PRIVATE })
  }
}

export const action = () => methodNotAllowed(['GET'])
