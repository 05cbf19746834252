import type { LoaderFunctionArgs } from '@remix-run/node'
import { findResort, listRoomTypes, toRoomTypeJson } from '~/models/catalogue.server'
import { apiError, methodNotAllowed } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { cacheableJson } from '~/utils/http.server'

/** GET /api/resorts/{id}/rooms: the room types of one resort. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const resort = await findResort(getDb(), params.id ?? '')
  if (!resort) return apiError(404, `No resort has the id "${params.id ?? ''}".`)
  const rooms = await listRoomTypes(getDb(), resort.id)
  return cacheableJson(request, rooms.map(toRoomTypeJson))
}

export const action = () => methodNotAllowed(['GET'])
