/**
 * The last day a booked stay can be changed or cancelled without losing money, by destination
 * and kind of booking (issue 30): a price watch's text and its page name it. The rules and their
 * sources are catalogue content (content/catalogue/booking-rules.json), not code, so a policy
 * change is an edit of that file; it is checked when this module loads, so a bad edit stops the
 * web and the worker at boot rather than a text later.
 */
import * as z from 'zod/mini'
import file from '../../content/catalogue/booking-rules.json'
import { DESTINATIONS, type DestinationId } from './destinations'
import { isIsoDate } from './dates'
import { RATE_TYPES, type RateType } from './price-terms'

const ruleSchema = z.object({
  destination: z.enum(DESTINATIONS.map((destination) => destination.identifier)),
  rateType: z.enum(RATE_TYPES),
  daysBeforeCheckIn: z.int().check(z.gte(0)),
  /** The policy in words, as a page shows it beside the date. */
  rule: z.string().check(z.minLength(1)),
  source: z.object({
    title: z.string().check(z.minLength(1)),
    url: z.url({ protocol: /^https$/ }),
    /** When the source was read (YYYY-MM-DD). */
    read: z.string().check(z.refine(isIsoDate, 'a date written YYYY-MM-DD')),
  }),
})

export type BookingRule = z.infer<typeof ruleSchema>

const fileSchema = z.object({
  about: z.string(),
  rules: z
    .array(ruleSchema)
    .check(
      z.refine(
        (rules) =>
          DESTINATIONS.every((destination) =>
            RATE_TYPES.every(
              (rateType) =>
                rules.filter(
                  (rule) =>
                    rule.destination === destination.identifier && rule.rateType === rateType,
                ).length === 1,
            ),
          ),
        'one rule for each destination and rate type',
      ),
    ),
})

/** The rules of a booking-rules file, or an error naming what is wrong with it. */
export function readBookingRules(json: unknown): BookingRule[] {
  return fileSchema.parse(json).rules
}

const rules = readBookingRules(file)

/** The rule for a booking of this kind at this destination (the file has one for each). */
export function bookingRuleFor(destination: DestinationId, rateType: RateType): BookingRule {
  return rules.find((rule) => rule.destination === destination && rule.rateType === rateType)!
}
