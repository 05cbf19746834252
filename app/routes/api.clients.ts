import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createClient, listClients, toClientJson } from '~/models/client.server'
import { anyObject } from '~/utils/alert-api.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { answerApiCall } from '~/utils/errors.server'
import { PRIVATE } from '~/utils/http.server'

/** GET /api/clients: the caller's clients, by name (issue 31). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  return json((await listClients(getDb(), user.id)).map(toClientJson), { headers: PRIVATE })
}

/** POST /api/clients adds a client: `name`, and optionally `note`, `phoneNumber`, `email`. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const user = await requireApiUser(request)
  const payload = await readJson(request, anyObject)
  return answerApiCall(async () =>
    json(toClientJson(await createClient(getDb(), user.id, payload)), { status: 201 }),
  )
}
