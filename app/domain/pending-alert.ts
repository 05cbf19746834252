import * as z from 'zod/mini'

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
      diningLocationId: z.string(),
      reserveDate: z.string(),
      partySize: z.number(),
      preferredTime: clock,
      timeRangeStart: clock,
      timeRangeEnd: clock,
    }),
  }),
])
export type PendingAlert = z.output<typeof pendingAlertSchema>
export type PendingDiningAlert = Extract<PendingAlert, { kind: 'dining' }>['payload']
