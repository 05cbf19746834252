import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js'

export const DEFAULT_COUNTRY = 'US'

/** Pasted text keeps only a leading plus and the digits ("+1 (201) 555-0123" → "+12015550123"). */
export function cleanPhoneInput(raw: string): string {
  const trimmed = raw.trim()
  const digits = trimmed.replace(/\D/g, '')
  return trimmed.startsWith('+') ? `+${digits}` : digits
}

/** A plus followed by ten digits that do not start with 1 is a US number missing its country code. */
function addMissingUsCountryCode(cleaned: string): string {
  return /^\+[02-9]\d{9}$/.test(cleaned) ? `+1${cleaned.slice(1)}` : cleaned
}

/** The E.164 form of what a person typed, or null when it is not a valid phone number. */
export function normalizePhoneNumber(raw: string): string | null {
  const cleaned = addMissingUsCountryCode(cleanPhoneInput(raw))
  if (!cleaned.replace('+', '')) return null
  const parsed = parsePhoneNumberFromString(cleaned, DEFAULT_COUNTRY)
  return parsed?.isValid() ? parsed.number : null
}

/** How a number is shown back to its owner: national format at home, international otherwise. */
export function formatPhoneNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return e164
  return parsed.country === DEFAULT_COUNTRY ? parsed.formatNational() : parsed.formatInternational()
}

/** Formats a partly typed number as the person types it. */
export function formatAsYouType(raw: string): string {
  return new AsYouType(DEFAULT_COUNTRY).input(raw)
}
