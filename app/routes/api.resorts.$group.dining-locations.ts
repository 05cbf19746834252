import type { LoaderFunctionArgs } from '@remix-run/node'
import { DESTINATIONS, findDestination } from '~/domain/destinations'
import { listDiningLocations } from '~/models/catalogue.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { cacheableJson } from '~/utils/http.server'

/** GET /api/resorts/{disney-world|disneyland}/dining-locations: restaurants taking reservations. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const destination = findDestination(params.group)
  if (!destination) {
    const known = DESTINATIONS.map((d) => d.identifier).join(' or ')
    return apiError(404, `Unknown destination "${params.group ?? ''}". Use ${known}.`)
  }
  const locations = await listDiningLocations(getDb(), destination.identifier)
  return cacheableJson(request, locations)
}

export const action = () => methodNotAllowed(['GET'])
