/*
 * The profile's rules: one schema for the /settings/profile form (server and browser) and
 * PUT /api/account/settings, written with zod/mini as the browser loads it (decision 0012).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import { hasNul, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from './chat'

export const PROFILE_MESSAGES = {
  nameText: 'name must be text.',
  nameTooLong: `Names are at most ${MAX_NAME_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address.',
  nul: 'Text must not contain NUL characters.',
  onlyNameAndEmail: 'Only name and email can be changed.',
  saved: 'Your profile is saved.',
  signedOutEverywhere: 'You are signed out on every device. Log in again to continue.',
} as const

export const PHONE_CHANGE_MESSAGES = {
  sameNumber: 'That is already your phone number.',
  inUse: 'That number already has an account. Log in with it, or use another number.',
  changed: (display: string) => `Your phone number is now ${display}. Log in with it from now on.`,
} as const

const emailFormat = z.email()
const isEmail = (value: string) => value === '' || emailFormat.safeParse(value).success

/**
 * Trimmed text in which empty text clears the field (null); a field left out (undefined) keeps
 * its value, which only the API does: the form always posts both.
 */
const clearable = (text: z.ZodMiniString<string>) =>
  z.optional(
    z.nullable(
      z.pipe(
        text,
        z.transform((value: string) => value || null),
      ),
    ),
  )

export const profileSchema = z.strictObject(
  {
    name: clearable(
      z.string({ error: PROFILE_MESSAGES.nameText }).check(
        z.trim(),
        z.maxLength(MAX_NAME_LENGTH, PROFILE_MESSAGES.nameTooLong),
        z.refine((value) => !hasNul(value), PROFILE_MESSAGES.nul),
      ),
    ),
    // The support chat greets a customer with it and may write back to it.
    email: clearable(
      z
        .string({ error: PROFILE_MESSAGES.emailInvalid })
        .check(
          z.trim(),
          z.toLowerCase(),
          z.maxLength(MAX_EMAIL_LENGTH, PROFILE_MESSAGES.emailInvalid),
          z.refine(isEmail, PROFILE_MESSAGES.emailInvalid),
        ),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? PROFILE_MESSAGES.onlyNameAndEmail : undefined,
  },
)
export type ProfileChanges = z.output<typeof profileSchema>

/**
 * The profile form as posted. Conform would read an emptied field as left out; here it clears
 * the field, as in the API, so its empty text is kept as it is.
 */
export const parseProfileForm = (formData: FormData) =>
  parseWithZod(formData, { schema: profileSchema, disableAutoCoercion: true })
