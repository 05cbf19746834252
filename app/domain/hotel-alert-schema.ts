/**
 * The hotel alert's schemas, apart from the rest of its rules so that a page can show the form
 * without zod and load them when the visitor starts filling it in (useDeferredValidation).
 */
import * as z from 'zod/mini'
import { isIsoDate, beyondHorizon, nightsBetween } from './dates'
import {
  HOTEL_MESSAGES,
  HOTEL_PARTY,
  MAX_NIGHTS,
  missingHotelParts,
  requiredFieldsMessage,
} from './hotel-alert'
import { ANY_ROOM, hotelAlertFields, priceCeilingFields, stayEndOf } from './hotel-drafts'
import { FLEXIBLE_HOTEL_MESSAGES, flexibleHotelAlertSchema } from './flexible-alert-schema'
import type { ResortChoice } from './flexible-stays'
import { PRICE_MESSAGES, priceFieldsOf } from './price-terms'
import { refuse } from './schema'
import { snoozedUntilField, snoozeProblem } from './snooze'

const isoDate = z
  .string({ error: HOTEL_MESSAGES.dates })
  .check(z.refine(isIsoDate, HOTEL_MESSAGES.dates))
// Strict: the page form's Conform parse and the wizard give numbers; a JSON client must too.
const wholeNumber = (message: string, range: { min: number; max: number }) =>
  z.int({ error: message }).check(z.gte(range.min, message), z.lte(range.max, message))

/**
 * A hotel alert as the page form, the wizard and the JSON API send it. One schema for all
 * three; `today` is the resort destination's date, so "the past" means the past there.
 */
export function hotelAlertSchema(today: string) {
  const fields = z
    .object({
      resortId: z
        .string({ error: HOTEL_MESSAGES.resort })
        .check(z.trim(), z.minLength(1, HOTEL_MESSAGES.resort)),
      checkInDate: isoDate,
      checkOutDate: isoDate,
      numberOfAdults: wholeNumber(HOTEL_MESSAGES.adults, HOTEL_PARTY.adults),
      agesOfChildren: z._default(
        z
          .array(wholeNumber(HOTEL_MESSAGES.ages, HOTEL_PARTY.age), { error: HOTEL_MESSAGES.ages })
          .check(z.maxLength(HOTEL_PARTY.children.max, HOTEL_MESSAGES.children)),
        [],
      ),
      numberOfChildren: z.optional(wholeNumber(HOTEL_MESSAGES.children, HOTEL_PARTY.children)),
      accessible: z.pipe(
        z.optional(z.boolean({ error: 'accessible must be true or false.' })),
        z.transform((value) => value === true),
      ),
      // Absent, a new alert keeps watching (the column's default) and an edited one keeps its own.
      keepWatching: z.optional(z.boolean({ error: HOTEL_MESSAGES.keepWatching })),
      // Absent, a new alert is not snoozed and an edited one keeps its snooze (decision 0031).
      snoozedUntil: z.optional(snoozedUntilField),
      roomIds: z.pipe(
        z
          .array(z.string().check(z.trim(), z.minLength(1)), { error: HOTEL_MESSAGES.rooms })
          .check(z.minLength(1, HOTEL_MESSAGES.rooms), z.maxLength(100, HOTEL_MESSAGES.rooms)),
        z.transform((ids) => [...new Set(ids)]),
      ),
    })
    .check(
      z.superRefine((alert, ctx) => {
        if (!isIsoDate(alert.checkInDate) || !isIsoDate(alert.checkOutDate)) return
        if (alert.checkInDate < today || alert.checkOutDate < today) {
          ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: HOTEL_MESSAGES.pastDate })
        } else if (alert.checkOutDate <= alert.checkInDate) {
          ctx.addIssue({
            code: 'custom',
            path: ['checkOutDate'],
            message: HOTEL_MESSAGES.checkOutAfterCheckIn,
          })
        } else if (beyondHorizon(alert.checkInDate, today)) {
          ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: HOTEL_MESSAGES.tooFar })
        } else if (nightsBetween(alert.checkInDate, alert.checkOutDate) > MAX_NIGHTS) {
          ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: HOTEL_MESSAGES.tooLong })
        }
        if (
          alert.numberOfChildren !== undefined &&
          alert.numberOfChildren !== alert.agesOfChildren.length
        ) {
          ctx.addIssue({ code: 'custom', path: ['agesOfChildren'], message: HOTEL_MESSAGES.ages })
        }
        const snooze = snoozeProblem(alert.snoozedUntil, {
          kind: 'hotel',
          startsOn: alert.checkInDate,
          today,
        })
        if (snooze) ctx.addIssue({ code: 'custom', path: ['snoozedUntil'], message: snooze })
      }),
    )
  return z.pipe(
    fields,
    z.transform(({ numberOfChildren: _count, ...alert }: z.output<typeof fields>) => alert),
  )
}
export type HotelAlertInput = z.output<ReturnType<typeof hotelAlertSchema>>

/** The form's names for the flexible schema's paths: `resorts[0]` is the form's own resort. */
function formPath(path: readonly PropertyKey[]): PropertyKey[] {
  const [field, index, ...rest] = path
  if (field === 'maxNightlyPrice' || field === 'maxTotalPrice') return ['maxPrice']
  if (field !== 'resorts') return [...path]
  if (index === undefined) return ['otherResorts']
  return index === 0 ? rest : ['otherResorts', Number(index) - 1, ...rest]
}

/** Posted room types: "any" among them is any room type that fits. */
const postedRooms = (ids: readonly string[] | undefined): ResortChoice['roomIds'] =>
  ids?.includes(ANY_ROOM) ? ANY_ROOM : (ids ?? [])

/**
 * The page form (/alerts/hotels), checked the same way in the browser and on the server: first
 * the summary of what is missing, then the rules of every field, flexible ones included (the
 * flexible alert's schema, which gives what the model takes). The form's own resort is
 * `resortId` and `roomIds`, the ones it also watches `otherResorts[n].resortId` and `.roomIds`;
 * `lengthOfStay` says whether the stay ends on `checkOutDate` or lasts `minNights` to
 * `maxNights`; `maxPrice` is the price ceiling's dollars as typed (blank for none), for each
 * night or, with `priceCeiling` "stay", the whole stay. It gives the alert as the JSON API takes
 * it, so that a draft kept for after login is one. Errors come back under the form's names.
 */
export function hotelPageSchema(today: string) {
  const nights = z.optional(z.number({ error: FLEXIBLE_HOTEL_MESSAGES.nights }))
  return z.pipe(
    z
      .object({
        resortId: z.optional(z.string()),
        checkInDate: z.optional(z.string()),
        checkOutDate: z.optional(z.string()),
        latestCheckInDate: z.optional(z.string()),
        lengthOfStay: z.optional(
          z.enum(['checkOut', 'nights'], {
            error: 'Choose a check-out date or a number of nights.',
          }),
        ),
        minNights: nights,
        maxNights: nights,
        numberOfAdults: z.optional(z.number({ error: HOTEL_MESSAGES.adults })),
        numberOfChildren: z.optional(z.number({ error: HOTEL_MESSAGES.children })),
        agesOfChildren: z.optional(
          z.array(z.optional(z.nullable(z.number({ error: HOTEL_MESSAGES.ages })))),
        ),
        accessible: z.optional(z.boolean()),
        splitStays: z.optional(z.boolean({ error: FLEXIBLE_HOTEL_MESSAGES.splitStays })),
        // Two radio buttons post "true" or "false": an unchecked box would post nothing.
        keepWatching: z.optional(
          z.pipe(
            z.enum(['true', 'false'], { error: HOTEL_MESSAGES.keepWatching }),
            z.transform((value) => value === 'true'),
          ),
        ),
        roomIds: z.optional(z.array(z.string())),
        priceCeiling: z.optional(
          z.enum(['night', 'stay'], { error: 'Choose a price per night or for the whole stay.' }),
        ),
        maxPrice: z.optional(z.string()),
        // A row posts nothing at all only from a hand-made form: such a gap is no row.
        otherResorts: z.optional(
          z.array(
            z.optional(
              z.object({
                resortId: z.optional(z.string()),
                roomIds: z.optional(z.array(z.string())),
              }),
            ),
          ),
        ),
      })
      .check(
        z.superRefine((draft, ctx) => {
          const message = requiredFieldsMessage(
            missingHotelParts({ ...draft, checkOutDate: stayEndOf(draft) }),
          )
          if (message) ctx.addIssue({ code: 'custom', path: [], message })
        }),
      ),
    z.transform((form, payload) => {
      const { resortId, roomIds, otherResorts, lengthOfStay, splitStays, ...rest } = form
      const { checkInDate, checkOutDate, latestCheckInDate, minNights, maxNights, ...more } = rest
      const { priceCeiling, maxPrice, ...party } = more
      const others = (otherResorts ?? []).filter((row) => row !== undefined)
      const ceiling = priceCeilingFields({ priceCeiling, maxPrice })
      const result = flexibleHotelAlertSchema(today).safeParse({
        ...party,
        ...hotelAlertFields({
          resorts: [
            { resortId, roomIds: postedRooms(roomIds) },
            ...others.map((row) => ({ resortId: row.resortId, roomIds: postedRooms(row.roomIds) })),
          ],
          checkInDate,
          lengthOfStay,
          checkOutDate,
          latestCheckInDate,
          minNights,
          maxNights,
          splitStays,
        }),
        ...ceiling,
      })
      if (!ceiling) refuse(payload, PRICE_MESSAGES.price, ['maxPrice'])
      else if (result.success) {
        const { price, ...alert } = result.data
        return { ...alert, ...priceFieldsOf(price) }
      }
      for (const issue of result.error?.issues ?? [])
        refuse(payload, issue.message, formPath(issue.path))
      return z.NEVER
    }),
  )
}
