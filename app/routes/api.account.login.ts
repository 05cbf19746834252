import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { sendCodeSchema } from '~/domain/login'
import { apiError, methodNotAllowed, readJson } from '~/utils/api.server'
import { LoginError, sendLoginCode } from '~/utils/login.server'

export const loader = () => methodNotAllowed(['POST'])

/** POST /api/account/login {phoneNumber}: texts a login code. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const { phoneNumber } = await readJson(request, sendCodeSchema)
  try {
    await sendLoginCode(phoneNumber, context.clientIp)
  } catch (error) {
    if (error instanceof LoginError) return apiError(error.status, error.message)
    throw error
  }
  return json({ success: true, message: 'Verification code sent.' })
}
