import * as z from 'zod/mini'
import { MEALS } from './flexible-dining'

const clock = z.nullable(z.string())

/**
 * A draft kept for after sign-in, as stored: the alert the page form validated, of its kind.
 * Creating the alert checks it again, so only what restoring a form needs is spelled out.
 */
export const pendingAlertSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hotel'), payload: z.record(z.string(), z.unknown()) }),
  z.object({
    kind: z.literal('dining'),
    payload: z.looseObject({
      resortLocationIdentifier: z.enum(['disney-world', 'disneyland']),
      // One restaurant and date in today's fields, several in the flexible ones (issue 29).
      diningLocationId: z.optional(z.string()),
      diningLocationIds: z.optional(z.array(z.string())),
      reserveDate: z.optional(z.string()),
      reserveDates: z.optional(z.array(z.string())),
      mealPeriods: z.optional(z.array(z.enum(MEALS))),
      partySize: z.number(),
      preferredTime: clock,
      timeRangeStart: clock,
      timeRangeEnd: clock,
    }),
  }),
])
export type PendingAlert = z.output<typeof pendingAlertSchema>
export type PendingDiningAlert = Extract<PendingAlert, { kind: 'dining' }>['payload']
