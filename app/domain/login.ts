import { readIntent, safeRedirectPath, type AuthIntent } from './redirects'

export const CODE_LENGTH = 6
/** Six digits typed within this long of the first one are taken as autofill and submitted. */
export const AUTO_SUBMIT_WINDOW_MS = 1200
export const RESEND_COOLDOWN_S = 30

export const MESSAGES = {
  phoneRequired: 'Please enter a phone number.',
  phoneInvalid: 'Please enter a valid phone number.',
  codeRequired: 'Please enter the verification code.',
  codeFormat: 'Please enter the 6-digit code.',
  sendFailed: 'Failed to send verification code. Please try again.',
  codeInvalid: 'Invalid verification code. Please try again.',
  codeExpired: 'That code has expired. Use Resend code to get a new one.',
  codeLocked: 'Too many incorrect codes. Please wait 5 minutes, then request a new code.',
  codeLockedFor: (minutes: number) =>
    `Too many incorrect codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, then request a new code.`,
  unavailable: 'The service is busy right now. Please try again in a moment.',
  tooManyAttempts: 'Too many attempts from this network. Please try again later.',
  tooManyCodes: (minutes: number) =>
    `Too many codes requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  optedOut: (ourNumber: string) =>
    `We can't text this number: it replied STOP to our texts. Text START to ${ourNumber} from this phone, then request a code again.`,
  resendTooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code.`,
} as const

/** Keeps the digits of what was typed or pasted, at most six. */
export function cleanCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH)
}

/**
 * The code field submits itself once it holds six digits that were pasted, or typed within
 * 1.2 s of the first digit (accounts §4), so autofill logs in without a tap.
 */
export function shouldAutoSubmit(
  code: string,
  how: { pasted: boolean; msSinceFirstDigit: number | null },
) {
  if (code.length !== CODE_LENGTH) return false
  if (how.pasted) return true
  return how.msSinceFirstDigit !== null && how.msSinceFirstDigit <= AUTO_SUBMIT_WINDOW_MS
}

/**
 * When the code now in the field started, for the 1.2 s window: at its first digit, or now when
 * several digits arrive in one go (autofill or a replacement), which counts as typed at once.
 * Deleting a digit keeps the window where it was.
 */
export function codeStartedAt(
  previous: string,
  value: string,
  startedAt: number | null,
  now: number,
): number | null {
  if (!value) return null
  const replaced = value.length >= previous.length && !value.startsWith(previous)
  const insertedMany = value.length > previous.length + 1
  if (value.length === 1 || replaced || insertedMany || startedAt === null) return now
  return startedAt
}

/** intent, next and redirect ride along both steps, as hidden fields and in the URL. */
export interface Carried {
  intent?: AuthIntent
  next?: string
  redirect?: string
}

export function readCarried(source: URLSearchParams | FormData): Carried {
  const intent = readIntent(source.get('intent'))
  const next = safeRedirectPath(source.get('next'))
  const redirectTo = safeRedirectPath(source.get('redirect'))
  return {
    ...(intent && { intent }),
    ...(next && { next }),
    ...(redirectTo && { redirect: redirectTo }),
  }
}

/** The login page at a step, carrying the values along. */
export function loginUrl(carried: Carried, step?: 'code') {
  const params = new URLSearchParams({ ...(step && { step }), ...carried })
  const query = params.toString()
  return query ? `/login?${query}` : '/login'
}

/** Seconds until another code may be sent for the same number. */
export function resendWaitS(sentAt: number, now = Date.now()) {
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000))
}
