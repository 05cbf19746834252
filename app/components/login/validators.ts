// Loaded by the login forms with the visitor's first keystroke (useDeferredValidation).
import { parseWithZod } from '@conform-to/zod/v4'
import { loginSchemas } from '~/domain/login-schema'

/** Checked in the browser but for the number's validity, which the action answers. */
const schemas = loginSchemas()

export const validateSendCode = (formData: FormData) =>
  parseWithZod(formData, { schema: schemas.sendCode })

export const validateVerifyCode = (formData: FormData) =>
  parseWithZod(formData, { schema: schemas.verifyCode })
