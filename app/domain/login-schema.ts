/*
 * The login forms' schemas, apart from the rest of the login rules so that zod stays out of the
 * login page's first download (the browser loads them with the first keystroke).
 */
import * as z from 'zod/mini'
import { MESSAGES } from './login'
import { refuse } from './schema'

/** Turns a typed phone number into E.164, or null when it is not one (`normalizePhoneNumber`). */
export type PhoneCheck = (typed: string) => string | null

/**
 * The two login forms' schema, for /login (browser and action) and the JSON API. Whether a number
 * can be dialled takes libphonenumber's metadata (36 kB gzipped), which stays on the server
 * (login.server.ts passes the check in); without it the browser checks everything else and
 * lets the number through as typed, and the action answers that check beside the field.
 */
export function loginSchemas(checkPhone?: PhoneCheck) {
  const phoneNumber = z.pipe(
    z
      .string({ error: MESSAGES.phoneRequired })
      .check(
        z.trim(),
        z.minLength(1, MESSAGES.phoneRequired),
        z.maxLength(40, MESSAGES.phoneInvalid),
      ),
    z.transform((typed: string, payload) => {
      if (!checkPhone) return typed
      return checkPhone(typed) ?? refuse(payload, MESSAGES.phoneInvalid)
    }),
  )
  const code = z
    .string({ error: MESSAGES.codeRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.codeRequired), z.regex(/^\d{6}$/, MESSAGES.codeFormat))
  return {
    /** Step 1 of /login and POST /api/account/login. */
    sendCode: z.object({ phoneNumber }),
    /** Step 2 of /login and POST /api/account/loginVerify. */
    verifyCode: z.object({ phoneNumber, code }),
  }
}
