/**
 * The price watch page form (/alerts/price-watch, issue 30): a stay already booked and what was
 * paid for it, from the form's strings to the hotel alert the JSON API takes with
 * `watch: "price"`. One schema, run in the browser once the visitor starts filling the form in
 * (useDeferredValidation) and by the action; nothing here may be imported by the page itself,
 * which would put zod in its first download (decision 0012).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import { addDays } from './dates'
import { flexibleHotelAlertSchema } from './flexible-alert-schema'
import { HOTEL_MESSAGES } from './hotel-alert'
import { readDollars } from './hotel-drafts'
import { PRICE_MESSAGES, priceFieldsOf, readPriceTerms, type WatchedShape } from './price-terms'
import { refuse } from './schema'

/** How the form gives the smallest saving worth a text: in dollars, or as a percentage. */
export type SavingKind = 'amount' | 'percent'

/** A typed percentage, "5" or "5%", as a number; whether it is a whole one is the API's to say. */
export function readPercent(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim())
  return match ? Number(match[1]) : null
}

/** The API's field a problem names, as the form names it. */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [field] = path
  if (field === 'roomIds') return 'roomId'
  if (field === 'minSaving' || field === 'minSavingPercent') return 'saving'
  // A child's age is one field of the party, shown beside it.
  return typeof field === 'string' ? field : ''
}

// A watch the price fields alone are read against, so that a form still missing its stay hears
// about them at once (the alert's own schema reads them only once the stay is right).
const WATCHED_STAY: WatchedShape = {
  resorts: [{ roomIds: ['room'] }],
  checkInDate: 'stay',
  latestCheckInDate: 'stay',
  minNights: 1,
  maxNights: 1,
  splitStays: false,
}

interface Problem {
  message: string
  path: readonly PropertyKey[]
}

/** The saving as the API's field, or the problem with it. */
function savingOf(kinds: readonly string[], text: string | undefined) {
  if (new Set(kinds).size > 1) return { problem: PRICE_MESSAGES.savingOrPercent }
  const [kind] = kinds
  // Nothing chosen or typed: the API's own check says what is missing.
  if (kind === undefined || text === undefined) return { fields: {} }
  if (kind === ('percent' satisfies SavingKind)) {
    const percent = readPercent(text)
    return percent === null
      ? { problem: PRICE_MESSAGES.percent }
      : { fields: { minSavingPercent: percent } }
  }
  const dollars = kind === ('amount' satisfies SavingKind) ? readDollars(text) : null
  return dollars === null ? { problem: PRICE_MESSAGES.saving } : { fields: { minSaving: dollars } }
}

/**
 * The form (`resortId`, one `roomId`, `checkInDate`, `checkOutDate`, the party as the hotel form
 * posts it, `accessible`, `paidTotal`, `rateType`, `savingKind` and `saving`) as the payload
 * `createHotelAlert` takes, checked by the hotel alert's own schema; `today` is the resort's
 * date. Every problem comes back at once, beside its field of the form.
 */
export function priceWatchFormSchema(today: string) {
  return z.pipe(
    z.object({
      resortId: z.optional(z.string({ error: HOTEL_MESSAGES.resort })),
      // A list, so that two room types posted are refused in words rather than dropped.
      roomId: z.optional(z.array(z.string({ error: HOTEL_MESSAGES.rooms }))),
      checkInDate: z.optional(z.string({ error: HOTEL_MESSAGES.dates })),
      checkOutDate: z.optional(z.string({ error: HOTEL_MESSAGES.dates })),
      numberOfAdults: z.optional(z.number({ error: HOTEL_MESSAGES.adults })),
      numberOfChildren: z.optional(z.number({ error: HOTEL_MESSAGES.children })),
      agesOfChildren: z.optional(
        z.array(z.optional(z.nullable(z.number({ error: HOTEL_MESSAGES.ages })))),
      ),
      accessible: z.optional(z.boolean()),
      paidTotal: z.optional(z.string({ error: PRICE_MESSAGES.paidTotal })),
      rateType: z.optional(z.string({ error: PRICE_MESSAGES.rateType })),
      savingKind: z.optional(z.array(z.string({ error: PRICE_MESSAGES.saving }))),
      saving: z.optional(z.string({ error: PRICE_MESSAGES.saving })),
    }),
    z.transform((form, payload) => {
      const { roomId, paidTotal, savingKind = [], saving, ...stay } = form
      const problems: Problem[] = []
      const paid = paidTotal === undefined ? undefined : readDollars(paidTotal)
      if (paid === null) problems.push({ message: PRICE_MESSAGES.paidTotal, path: ['paidTotal'] })
      const chosen = savingOf(savingKind, saving)
      if (chosen.problem) problems.push({ message: chosen.problem, path: ['saving'] })
      const price = { watch: 'price', paidTotal: paid ?? undefined, rateType: form.rateType }
      const terms = readPriceTerms({ ...price, ...chosen.fields }, WATCHED_STAY)
      const checked = flexibleHotelAlertSchema(today).safeParse({
        ...stay,
        roomIds: roomId,
        ...price,
        ...chosen.fields,
      })
      problems.push(...terms.problems, ...(checked.error?.issues ?? []))
      if (!checked.data || problems.length) {
        // One problem a field, the first found: both checks may find the same one.
        const fields = new Set<string>()
        for (const problem of problems) {
          const field = formFieldOf(problem.path)
          if (!fields.has(field)) refuse(payload, problem.message, field ? [field] : [])
          fields.add(field)
        }
        return z.NEVER
      }
      const alert = checked.data
      const [watched] = alert.resorts
      return {
        resortId: watched!.resortId,
        roomIds: watched!.roomIds,
        checkInDate: alert.checkInDate,
        checkOutDate: addDays(alert.checkInDate, alert.minNights),
        numberOfAdults: alert.numberOfAdults,
        agesOfChildren: alert.agesOfChildren,
        accessible: alert.accessible,
        ...priceFieldsOf(alert.price),
      }
    }),
  )
}

/** The posted form, read by the schema: Conform's submission of it. */
export const parsePriceWatchForm = (today: string) => (formData: FormData) =>
  parseWithZod(formData, { schema: priceWatchFormSchema(today) })
