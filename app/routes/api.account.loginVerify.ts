import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { verifyCodeSchema } from '~/domain/login.server'
import { createSession } from '~/models/session.server'
import { toUserJson } from '~/models/user.server'
import { methodNotAllowed, readJson } from '~/utils/api.server'
import { getDb } from '~/utils/db.server'
import { answerApiCall } from '~/utils/errors.server'
import { logIn, rememberDevice } from '~/services/login.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * POST /api/account/loginVerify (also /api/account/verify) {phoneNumber, code}: answers
 * {phoneNumberVerified, accessToken, token, user}; the token is a Bearer token for this API.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await readJson(request.clone(), verifyCodeSchema)
  return answerApiCall(async () => {
    const user = await logIn(request, context.clientIp)
    const { token } = await createSession(getDb(), user.id, 'api')
    // A browser client keeps the cookie, so its next code is not held by strangers' requests.
    return json(
      { phoneNumberVerified: true, accessToken: token, token, user: toUserJson(user) },
      { headers: { 'Set-Cookie': await rememberDevice(request, user.phoneNumber) } },
    )
  })
}
