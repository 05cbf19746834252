import type { LoaderFunctionArgs } from '@remix-run/node'
import { toResortJson, listResorts } from '~/models/catalogue.server'
import { methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { cacheableJson } from '~/utils/http.server'

/** GET /api/resorts: every Disney resort hotel we watch, at both destinations. */
export async function loader({ request }: LoaderFunctionArgs) {
  const resorts = await listResorts(getDb())
  return cacheableJson(request, resorts.map(toResortJson))
}

export const action = () => methodNotAllowed(['GET'])
