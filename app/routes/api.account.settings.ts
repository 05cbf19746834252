import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { profileSchema } from '~/domain/profile'
import { saveProfile, toUserJson } from '~/models/user.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'

/**
 * PUT /api/account/settings {name?, email?}: the profile details the support chat greets a
 * customer with (the /settings/profile form's schema). Empty text clears a field; a field left
 * out keeps its value. The phone number changes through /api/account/phone. Answers the user.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const user = await requireApiUser(request)
  const changes = await readJson(request, profileSchema)
  return json(toUserJson(await saveProfile(getDb(), user.id, changes)))
}

export const loader = () => methodNotAllowed(['PUT'])
