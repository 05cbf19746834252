import { loginSchemas } from './login'
import { normalizePhoneNumber } from './phone'

/** The login forms' schemas with the phone number checked in full (see loginSchemas). */
export const { sendCode: sendCodeSchema, verifyCode: verifyCodeSchema } =
  loginSchemas(normalizePhoneNumber)
