import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { billingSummary } from '~/services/billing-portal.server'
import { methodNotAllowed, requireApiUser } from '~/utils/api.server'

/**
 * GET /api/account/billing: the next renewal of an active paid plan (renewsAt, amountCents,
 * currency, cancelAtPeriodEnd) and the paid invoices as receipts. Stripe failing leaves
 * `receipts` empty with `receiptsError` in words, not a failed answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json(await billingSummary(user))
}

export const action = () => methodNotAllowed(['GET'])
