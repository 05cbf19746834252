import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { sendCodeSchema } from '~/domain/login.server'
import { sendPhoneChangeCode } from '~/services/phone-change.server'
import { methodNotAllowed, readJson, requireApiUser } from '~/utils/api.server'
import { answerApiCall } from '~/utils/errors.server'

export const loader = () => methodNotAllowed(['POST'])

/**
 * POST /api/account/phone {phoneNumber}: texts a code to the new number; the number changes at
 * /api/account/phone/verify. 409 when the number already has an account.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireApiUser(request)
  const { phoneNumber } = await readJson(request, sendCodeSchema)
  return answerApiCall(async () => {
    await sendPhoneChangeCode(request, user, phoneNumber, context.clientIp)
    return json({ success: true, message: 'Verification code sent.' })
  })
}
