import { json } from '@remix-run/node'
import { listPlans, toPlanJson } from '~/models/plan.server'
import { methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { RARELY_CHANGES } from '~/utils/http.server'

/** GET /api/settings/subscription-plans: the plans on offer, legacy ones hidden. */
export async function loader() {
  const plans = await listPlans(getDb())
  return json(plans.map(toPlanJson), { headers: RARELY_CHANGES })
}

export const action = () => methodNotAllowed(['GET'])
