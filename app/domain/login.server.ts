import { parseWithZod } from '@conform-to/zod/v4'
import { loginSchemas } from './login-schema'
import { normalizePhoneNumber } from './phone'

/** The login forms' schemas with the phone number checked in full (see loginSchemas). */
export const { sendCode: sendCodeSchema, verifyCode: verifyCodeSchema } =
  loginSchemas(normalizePhoneNumber)

/** The login action's reading of each step's form, with the number checked in full. */
export const parseSendCode = (formData: FormData) =>
  parseWithZod(formData, { schema: sendCodeSchema })
export const parseVerifyCode = (formData: FormData) =>
  parseWithZod(formData, { schema: verifyCodeSchema })
