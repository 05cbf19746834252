import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * Where login codes may be texted. SMS pumping fraud asks for codes to premium-rate and far-away
 * numbers that pay the fraudster per text; only numbers of the countries we serve, and never a
 * premium-rate or non-geographic (toll-free, shared-cost, personal, pager) number, get one. The
 * full metadata this needs stays on the server (`.server.ts`).
 */
const REFUSED_TYPES = new Set([
  'PREMIUM_RATE',
  'SHARED_COST',
  'TOLL_FREE',
  'UAN',
  'PERSONAL_NUMBER',
  'PAGER',
  'VOICEMAIL',
])

export function smsDestinationProblem(e164: string, countries: readonly string[]): string | null {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed?.isValid() || !parsed.country || !countries.includes(parsed.country))
    return `We can only text numbers in ${countryList(countries)}.`
  const type = parsed.getType()
  if (type && REFUSED_TYPES.has(type))
    return 'We cannot text this kind of number. Please use a mobile number.'
  return null
}

function countryList(countries: readonly string[]) {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  const list = countries.map((code) => names.of(code) ?? code)
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '')
}
