/**
 * The requests Twilio makes to us, which its OpenAPI spec does not describe: the parameter sets
 * its docs list, as schemas, and the signed form-encoded POST that carries them.
 */
import twilio from 'twilio'
import { z } from 'zod'
import { API_VERSION, segmentsOf, type MessageRecord, type MessageStatus } from './twilio-state.ts'

const sid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-f]{32}$`))
const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/)

/**
 * A message to our number: https://www.twilio.com/docs/messaging/guides/webhook-request
 * (geographic fields "if available"; OptOutType only from a Messaging Service with Advanced
 * Opt-Out on: https://help.twilio.com/articles/31560110671259).
 */
export const incomingMessageParams = z.strictObject({
  MessageSid: sid('SM'),
  SmsSid: sid('SM'),
  SmsMessageSid: sid('SM'),
  AccountSid: sid('AC'),
  MessagingServiceSid: sid('MG').optional(),
  From: e164,
  To: e164,
  Body: z.string(),
  NumMedia: z.string().regex(/^\d+$/),
  NumSegments: z.string().regex(/^\d+$/),
  ApiVersion: z.literal(API_VERSION),
  SmsStatus: z.literal('received'),
  FromCity: z.string(),
  FromState: z.string(),
  FromZip: z.string(),
  FromCountry: z.string(),
  ToCity: z.string(),
  ToState: z.string(),
  ToZip: z.string(),
  ToCountry: z.string(),
  OptOutType: z.enum(['STOP', 'START', 'HELP']).optional(),
})
export type IncomingMessageParams = z.infer<typeof incomingMessageParams>

/**
 * A status callback: https://www.twilio.com/docs/messaging/guides/track-outbound-message-status
 * ("a subset of the standard request properties, and additionally MessageStatus and ErrorCode");
 * RawDlrDoneDate (YYMMDDhhmm) on delivered and undelivered:
 * https://www.twilio.com/en-us/changelog/addition-of-rawdlrdonedate-to-delivered-and-undelivered-status-webhooks
 */
export const statusCallbackParams = z.strictObject({
  MessageSid: sid('SM'),
  SmsSid: sid('SM'),
  MessageStatus: z.enum(['queued', 'sent', 'delivered', 'undelivered', 'failed']),
  SmsStatus: z.enum(['queued', 'sent', 'delivered', 'undelivered', 'failed']),
  AccountSid: sid('AC'),
  MessagingServiceSid: sid('MG').optional(),
  From: e164,
  To: e164,
  ApiVersion: z.literal(API_VERSION),
  ErrorCode: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  RawDlrDoneDate: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
})
export type StatusCallbackParams = z.infer<typeof statusCallbackParams>

/** Twilio's lookup of a number's whereabouts; we know the country of +1 numbers only. */
function whereabouts(phone: string) {
  return { City: '', State: '', Zip: '', Country: phone.startsWith('+1') ? 'US' : '' }
}

export function incomingMessageRequest(
  message: MessageRecord,
  optOutType?: IncomingMessageParams['OptOutType'],
): IncomingMessageParams {
  const from = whereabouts(message.from)
  const to = whereabouts(message.to)
  return {
    MessageSid: message.sid,
    SmsSid: message.sid,
    SmsMessageSid: message.sid,
    AccountSid: message.accountSid,
    ...(message.messagingServiceSid && { MessagingServiceSid: message.messagingServiceSid }),
    From: message.from,
    To: message.to,
    Body: message.body,
    NumMedia: '0',
    NumSegments: String(segmentsOf(message.body)),
    ApiVersion: API_VERSION,
    SmsStatus: 'received',
    FromCity: from.City,
    FromState: from.State,
    FromZip: from.Zip,
    FromCountry: from.Country,
    ToCity: to.City,
    ToState: to.State,
    ToZip: to.Zip,
    ToCountry: to.Country,
    ...(optOutType && { OptOutType: optOutType }),
  }
}

/** "YYMMDDhhmm", the carrier's delivery receipt time as Twilio passes it on. */
function rawDlrDoneDate(time: number) {
  return new Date(time)
    .toISOString()
    .replace(/^\d\d(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d).*$/, '$1$2$3$4$5')
}

export function statusCallbackRequest(
  message: MessageRecord,
  status: CallbackStatus,
  at: number,
): StatusCallbackParams {
  const failed = status === 'undelivered' || status === 'failed'
  return {
    MessageSid: message.sid,
    SmsSid: message.sid,
    MessageStatus: status,
    SmsStatus: status,
    AccountSid: message.accountSid,
    ...(message.messagingServiceSid && { MessagingServiceSid: message.messagingServiceSid }),
    From: message.from,
    To: message.to,
    ApiVersion: API_VERSION,
    ...(failed && message.failure && { ErrorCode: String(message.failure) }),
    ...((status === 'delivered' || status === 'undelivered') && {
      RawDlrDoneDate: rawDlrDoneDate(at),
    }),
  }
}

export type CallbackStatus = StatusCallbackParams['MessageStatus']

/**
 * The statuses Twilio posts a callback for: never the one a Message is created with
 * (https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks).
 */
export function postsCallbackFor(
  status: MessageStatus,
  initial: MessageStatus,
): status is CallbackStatus {
  return status !== initial && status !== 'accepted' && status !== 'received'
}

export type SendRequest = (request: Request) => Promise<Response>

/** A webhook as Twilio sends one: form-encoded, signed with the auth token over the exact URL. */
export function postSigned(
  url: string,
  params: Record<string, string>,
  authToken: string,
  send: SendRequest = fetch,
) {
  return send(
    new Request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'TwilioProxy/1.1',
        'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params),
    }),
  )
}
