import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { z } from 'zod'
import { saveProfile, toUserJson } from '~/models/user.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'

/** Empty text clears a field; a field left out keeps its value. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal('').transform(() => null), z.null(), schema]).optional()

const settings = z.strictObject(
  {
    name: clearable(z.string().trim().min(1).max(80, 'name must be at most 80 characters.')),
    email: clearable(
      z.string().trim().toLowerCase().pipe(z.email('email must be an email address.')),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only name and email can be changed.' : undefined,
  },
)

/**
 * PUT /api/account/settings {name?, email?}: the profile details the support chat greets a
 * customer with. The phone number is the login and cannot change here. Answers the user.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const user = await requireApiUser(request)
  const changes = await readJson(request, settings)
  return json(toUserJson(await saveProfile(getDb(), user.id, changes)))
}

export const loader = () => methodNotAllowed(['PUT'])
