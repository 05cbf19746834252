import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { accountSettingsSchema } from '~/domain/account-settings'
import { saveAccountSettings, toSettingsJson } from '~/models/quiet-hours.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'

/**
 * PUT /api/account/settings {name?, email?, timeZone?, quietStart?, quietEnd?}: the profile the
 * support chat greets a customer with (the /settings/profile form's rules) and quiet hours (the
 * Settings form's schema, decision 0031). Empty text clears a field; a field left out keeps its
 * value. The phone number changes through /api/account/phone. Answers the user with their quiet
 * hours.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const user = await requireApiUser(request)
  const changes = await readJson(request, accountSettingsSchema)
  return json(toSettingsJson(await saveAccountSettings(getDb(), user.id, changes)))
}

export const loader = () => methodNotAllowed(['PUT'])
