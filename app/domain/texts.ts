import { format, parseISO } from 'date-fns'
import { twelveHour } from './dining-alert'
import { TEXTS_PER_ALERT_PER_DAY } from './openings'

/** The GSM 03.38 basic character set: a text made only of these fits 160 characters a segment. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** Characters that need an escape and so count twice. */
const GSM_EXTENDED = '^{}\\[~]|€'

const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '®': '',
  '™': '',
}

/** Makes text GSM-7 only: typographic quotes and dashes become plain ones, accents are dropped. */
export function toGsm7(text: string): string {
  let out = ''
  for (const char of text) {
    const replaced = REPLACEMENTS[char] ?? char
    for (const part of replaced) {
      if (GSM_BASIC.includes(part)) out += part
      else {
        const plain = part.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
        out += [...plain].filter((c) => GSM_BASIC.includes(c)).join('')
      }
    }
  }
  return out
}

export function isGsm7(text: string): boolean {
  return [...text].every((char) => GSM_BASIC.includes(char) || GSM_EXTENDED.includes(char))
}

/** Length in GSM-7 septets; extended characters take two. */
export function gsmLength(text: string): number {
  return [...text].reduce((sum, char) => sum + (GSM_EXTENDED.includes(char) ? 2 : 1), 0)
}

export const SEGMENT_LENGTH = 160

/** Fills a template with a name, shortening the name so the whole text fits one segment. */
function fitOneSegment(build: (name: string) => string, name: string): string {
  const full = build(toGsm7(name))
  if (gsmLength(full) <= SEGMENT_LENGTH) return full
  const room = SEGMENT_LENGTH - gsmLength(build(''))
  const shortened = toGsm7(name)
    .slice(0, Math.max(0, room - 2))
    .trimEnd()
  return build(`${shortened}..`)
}

const shortDate = (iso: string) => format(parseISO(iso), 'MMM d')

/** Every alert text starts with who sends it, as carriers ask of application-to-person texts. */
export const BRAND = 'Disney Hotel Alerts'

/** "Disney Hotel Alerts: Table open: Be Our Guest Restaurant, Dec 3 at 6:15 PM for 4. Book fast: <link>" */
export function diningOpeningText(opening: {
  restaurant: string
  date: string
  time: string
  partySize: number
  link: string
}): string {
  const when = `${shortDate(opening.date)} at ${twelveHour(opening.time)}`
  return fitOneSegment(
    (name) =>
      `${BRAND}: Table open: ${name}, ${when} for ${opening.partySize}. Book fast: ${opening.link}`,
    opening.restaurant,
  )
}

/** "Disney Hotel Alerts: Room open: Standard Room at Pop Century Resort, Dec 3-Dec 7. Book fast: <link>" */
export function hotelOpeningText(opening: {
  room: string
  resort: string
  checkIn: string
  checkOut: string
  link: string
}): string {
  const stay = `${shortDate(opening.checkIn)}-${shortDate(opening.checkOut)}`
  const resort = toGsm7(opening.resort.replace(/^Disney's /, ''))
  return fitOneSegment(
    (room) => `${BRAND}: Room open: ${room} at ${resort}, ${stay}. Book fast: ${opening.link}`,
    opening.room,
  )
}

/**
 * The one text an alert gets once its openings pass the day's cap: that the cap was reached,
 * that the next openings are not texted for 24 hours, and where they all are.
 * "Disney Hotel Alerts: Your Pop Century Resort alert hit 10 texts in a day; the rest wait 24 h. See every opening: <link>"
 */
export function heldTextsText(summary: { alertName: string; link: string }): string {
  return fitOneSegment(
    (name) =>
      `${BRAND}: Your ${name} alert hit ${TEXTS_PER_ALERT_PER_DAY} texts in a day; the rest wait 24 h. See every opening: ${summary.link}`,
    summary.alertName.replace(/^Disney's /, ''),
  )
}

/**
 * The one text at the end of quiet hours about the openings held during them that are still open
 * (two or more: a single one goes out as its own text), naming as many of their alerts as one
 * segment holds, with the dashboard's link (decision 0031).
 * "Disney Hotel Alerts: 3 openings from your quiet hours are still open: Pop Century Resort, Chef Mickey's. See them: <link>"
 */
export function quietHoursOverText(held: {
  openings: number
  alertNames: readonly string[]
  link: string
}): string {
  const names = [...new Set(held.alertNames.map((name) => toGsm7(name.replace(/^Disney's /, ''))))]
  const build = (listed: string) =>
    `${BRAND}: ${held.openings} openings from your quiet hours are still open${listed}. See them: ${held.link}`
  for (let shown = names.length; shown > 0; shown--) {
    const more = names.length - shown
    const text = build(`: ${names.slice(0, shown).join(', ')}${more ? ` and ${more} more` : ''}`)
    if (gsmLength(text) <= SEGMENT_LENGTH) return text
  }
  return build('')
}

/**
 * The text Settings' "Send me a test text" sends: who it is from, that it is a test, and that
 * alerts arrive the same way. Alert texts carry no STOP line (Twilio answers the keywords itself,
 * decision 0025), so this one does not either.
 */
export function testText(): string {
  return `${BRAND}: This is your test text. When an opening matches one of your alerts, the alert will arrive just like this.`
}

/**
 * The reminder two days before a free trial or a cancelled paid plan ends: the date (as Settings
 * says it), that alerts stop being checked then, and where to choose a plan (`/pricing` after a
 * trial; `/settings` for a paid plan, where it can also be resumed). One segment with a site
 * address of ordinary length.
 */
export function planEndText(reminder: { kind: 'trial' | 'plan'; endsOn: string; appUrl: string }) {
  const { kind, endsOn, appUrl } = reminder
  return kind === 'trial'
    ? `${BRAND}: Your free trial ends on ${endsOn}; alerts stop being checked then. Choose a plan: ${appUrl}/pricing`
    : `${BRAND}: Your plan ends on ${endsOn}; alerts stop being checked then. Resume or choose a plan: ${appUrl}/settings`
}
