import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { sendCodeSchema } from '~/domain/login.server'
import { methodNotAllowed, readJson } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'
import { sendLoginCode } from '~/services/login.server'

export const loader = () => methodNotAllowed(['POST'])

/** POST /api/account/login {phoneNumber}: texts a login code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const { phoneNumber } = await readJson(request, sendCodeSchema)
  return answerApiCall(async () => {
    await sendLoginCode(request, phoneNumber, context.clientIp)
    return json({ success: true, message: 'Verification code sent.' })
  })
}
