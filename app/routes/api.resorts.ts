import { json } from '@remix-run/node'
import { toResortJson, listResorts } from '~/models/catalogue.server'
import { methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { RARELY_CHANGES } from '~/utils/http.server'

/** GET /api/resorts: every Disney resort hotel we watch, at both destinations. */
export async function loader() {
  const resorts = await listResorts(getDb())
  return json(resorts.map(toResortJson), { headers: RARELY_CHANGES })
}

export const action = () => methodNotAllowed(['GET'])
