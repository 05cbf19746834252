import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteAccountSchema } from '~/domain/account-deletion'
import { deleteAccountEverywhere } from '~/services/account-deletion.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'

/*
 * /api/account exactly: an index route, since a file named api.account.ts would be the parent
 * layout of api.account.current.ts and the others.
 */

export const loader = () => methodNotAllowed(['DELETE'])

/**
 * DELETE /api/account {confirm: "DELETE"}: deletes the account and everything of it, after
 * ending any subscription at Stripe (decision 0027); answers {success: true}, and every token of
 * the account is 401 from then on. A body without the confirmation is a 400 that changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const user = await requireApiUser(request)
  await readJson(request, deleteAccountSchema)
  return answerApiCall(async () => {
    await deleteAccountEverywhere(user.id)
    return json({ success: true })
  })
}
