import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteClient, toClientJson, updateClient } from '~/models/client.server'
import { anyObject } from '~/utils/alert-api.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { answerApiCall } from '~/utils/errors.server'

export const loader = () => methodNotAllowed(['PUT', 'DELETE'])

/**
 * PUT /api/clients/{id} replaces a client's fields (a new phone number asks its consent again);
 * DELETE removes the client, its alerts staying the caller's own.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE')
    return methodNotAllowed(['PUT', 'DELETE'])
  const user = await requireApiUser(request)
  if (request.method === 'DELETE')
    return answerApiCall(async () => {
      await deleteClient(getDb(), user.id, params.id)
      return json({ success: true })
    })
  const payload = await readJson(request, anyObject)
  return answerApiCall(async () =>
    json(toClientJson(await updateClient(getDb(), user.id, params.id, payload))),
  )
}
