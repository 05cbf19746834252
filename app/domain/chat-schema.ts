/**
 * The support chat's message schemas, apart from the rest of its rules: the widget on every page
 * loads them when a visitor sends a message, not with the page (decision 0012).
 */
import * as z from 'zod/mini'
import {
  hasNul,
  MAX_EMAIL_LENGTH,
  MAX_MESSAGE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_LENGTH,
} from './chat'

const noNul = (value: string) => !hasNul(value)
const NUL_MESSAGE = 'must not contain NUL characters.'

const EMAIL_MESSAGE = 'Please enter a valid email address.'
const isEmail = (value: string) => value === '' || z.email().safeParse(value).success

/** Text a person types: trimmed, capped, no NUL; empty text is left out. */
const optionalText = (max: number, tooLong: string, check = (_: string) => true, bad = '') =>
  z.pipe(
    z.optional(
      z.nullable(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(max, tooLong),
            z.refine(noNul, NUL_MESSAGE),
            z.refine(check, bad),
          ),
      ),
    ),
    z.transform((value) => value || undefined),
  )

export const messageText = z
  .string({ error: 'Please enter a message.' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter a message.'),
    z.maxLength(MAX_MESSAGE_LENGTH, `Messages are at most ${MAX_MESSAGE_LENGTH} characters.`),
    z.refine(noNul, NUL_MESSAGE),
  )

/** The visitor's optional details and where they were: the API, the /support form and the widget. */
export const visitorDetails = {
  userName: optionalText(MAX_NAME_LENGTH, `Names are at most ${MAX_NAME_LENGTH} characters.`),
  userEmail: optionalText(MAX_EMAIL_LENGTH, EMAIL_MESSAGE, isEmail, EMAIL_MESSAGE),
  currentPage: optionalText(
    MAX_PAGE_LENGTH,
    `currentPage is at most ${MAX_PAGE_LENGTH} characters.`,
  ),
  // A field people never see: a bot that fills it in is answered as if sent, and nothing is kept.
  website: optionalText(500, 'Leave this field empty.'),
}

/** The /support form and the widget: a message and the visitor's optional details. */
export const visitorMessageSchema = z.object({ message: messageText, ...visitorDetails })
