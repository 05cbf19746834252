import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { verifyCodeSchema } from '~/domain/login.server'
import { toUserJson } from '~/models/user.server'
import { confirmPhoneChange } from '~/services/phone-change.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * POST /api/account/phone/verify {phoneNumber, code}: makes the number the user's login and the
 * number the alerts text, once its code is right. Answers the user; 409 when another account
 * holds the number.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const { phoneNumber, code } = await readJson(request, verifyCodeSchema)
  return answerApiCall(async () =>
    json(toUserJson(await confirmPhoneChange(user, phoneNumber, code, context.clientIp))),
  )
}
