/**
 * Twilio's errors, as its REST API answers them and as its Message resource records them.
 * The body shape is Twilio's "exception" format (https://www.twilio.com/docs/usage/twilios-response);
 * codes and titles are Twilio's error dictionary (https://www.twilio.com/docs/api/errors/<code>).
 */
import { HttpResponse } from 'msw'
import { z } from 'zod'

/** An error body as the REST API sends it with a 4xx status. */
export const twilioErrorBody = z.strictObject({
  code: z.number().int(),
  message: z.string(),
  more_info: z.url(),
  status: z.number().int(),
})

/** The errors a Message create can answer with, and the wording of Twilio's message for each. */
const CREATE_ERRORS = {
  20404: (sid: string) => `The requested resource ${sid} was not found`,
  21211: (to: string) => `The 'To' number ${to} is not a valid phone number.`,
  21408: (to: string) =>
    `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${to}.`,
  21602: () => 'Message body is required.',
  21603: () => "A 'From' phone number is required.",
  21604: () => "A 'To' phone number is required.",
  21610: () => 'Attempt to send to unsubscribed recipient',
  21612: (to: string) => `The 'To' phone number: ${to}, is not currently reachable via SMS.`,
  21614: (to: string) => `To number: ${to}, is not a mobile number`,
} as const
export type TwilioApiError = keyof typeof CREATE_ERRORS

export function twilioError(code: TwilioApiError, subject = '') {
  const status = code === 20404 ? 404 : 400
  const body: z.infer<typeof twilioErrorBody> = {
    code,
    message: CREATE_ERRORS[code](subject),
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  }
  return HttpResponse.json(body, { status })
}

/**
 * The asynchronous failures a text can meet after Twilio took it, with the status it ends in and
 * the `error_message` Twilio records (30007's wording is the one in Twilio's own spec example).
 */
export const DELIVERY_FAILURES = {
  30003: { status: 'undelivered', message: 'Unreachable destination handset' },
  30005: { status: 'undelivered', message: 'Unknown destination handset' },
  30006: { status: 'undelivered', message: 'Landline or unreachable carrier' },
  30007: { status: 'undelivered', message: 'Carrier violation' },
  30034: { status: 'failed', message: 'US A2P 10DLC - Message from an Unregistered Number' },
} as const
export type DeliveryFailure = keyof typeof DELIVERY_FAILURES
