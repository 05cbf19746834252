/**
 * Twilio's Messages API, answered locally as Twilio's OpenAPI spec and docs describe it (checked
 * against the spec by mocks/twilio-stand-in.test.ts; sources in tests/fixtures/twilio/README.md).
 * Each text is appended to the outbox file, where a developer (or a browser test) reads it like a
 * phone; what Twilio remembers is kept beside it (./twilio-state.ts), so the web, the worker and
 * the simulator, each running these handlers, answer alike.
 */
import { HttpResponse } from 'msw'
import { handlersFor, type Endpoint } from './endpoints.ts'
import { twilioError, type TwilioApiError } from './twilio-errors.ts'
import {
  API_VERSION,
  DEVELOPMENT_TIMING,
  lifeOf,
  messageAt,
  messageResource,
  newMessageSid,
  numberState,
  readMessages,
  recordMessage,
  type MessageRecord,
  type Timing,
} from './twilio-state.ts'
import { postSigned, postsCallbackFor, statusCallbackRequest } from './twilio-webhooks.ts'

export {
  clearDeliveryFailures,
  failDeliveriesTo,
  readOutbox,
  type OutboxEntry,
} from './twilio-state.ts'

export interface TwilioStandInOptions extends Partial<Timing> {
  /** Prints each text to the terminal (texts carry login codes: development only). */
  print: boolean
  /** The account's auth token, which Twilio signs its webhooks with. */
  authToken: string
  /** Posts status callbacks to a create's StatusCallback (default on). */
  statusCallbacks?: boolean
  /** The number a Messaging Service sends from: Twilio's test number that passes validation. */
  serviceNumber?: string
}

const MESSAGES = `https://api.twilio.com/${API_VERSION}/Accounts/:accountSid/Messages`
const E164 = /^\+[1-9]\d{1,14}$/

/** The test credentials' magic To numbers: https://www.twilio.com/docs/iam/test-credentials */
const MAGIC_TO: Record<string, TwilioApiError> = {
  '+15005550001': 21211,
  '+15005550002': 21612,
  '+15005550003': 21408,
  '+15005550004': 21610,
  '+15005550009': 21614,
}

/** A share of texts whose final callback overtakes `sent`, as Twilio warns can happen. */
export function arrivesOutOfOrder(sid: string) {
  return parseInt(sid.slice(-2), 16) % 4 === 0
}

/**
 * Posts the callbacks of a text's life as Twilio does: one for each status after the first, at
 * the moment it is reached, except that for some texts the final one comes before `sent`. A
 * receiver that is down loses its callbacks, as with Twilio once its retries are spent.
 */
function postStatusCallbacks(message: MessageRecord, url: string, authToken: string) {
  const [initial, ...later] = lifeOf(message)
  const steps = later.flatMap(({ status, at }) =>
    postsCallbackFor(status, initial!.status) ? [{ status, at }] : [],
  )
  const sent = steps.findIndex((step) => step.status === 'sent')
  if (arrivesOutOfOrder(message.sid) && sent >= 0 && sent < steps.length - 1) {
    const final = steps.at(-1)!
    steps.splice(sent, 2, { ...final, at: steps[sent]!.at }, { ...steps[sent]!, at: final.at })
  }
  for (const { status, at } of steps)
    setTimeout(
      () =>
        void postSigned(url, statusCallbackRequest(message, status, at), authToken).catch(
          () => undefined,
        ),
      Math.max(0, at - Date.now()),
    ).unref()
}

/** Why Twilio would refuse to take a text, if it would. */
function refusal(outboxPath: string, form: URLSearchParams) {
  const to = form.get('To')
  if (!to) return twilioError(21604)
  if (!form.get('From') && !form.get('MessagingServiceSid')) return twilioError(21603)
  if (!form.get('Body')) return twilioError(21602)
  const magic = MAGIC_TO[to]
  if (magic) return twilioError(magic, to)
  if (!E164.test(to)) return twilioError(21211, to)
  if (numberState(outboxPath, to).optedOut) return twilioError(21610)
  return null
}

/** The list's paging links, as Twilio writes them: the query, then PageSize, Page, PageToken. */
function pageUri(
  pathname: string,
  filters: URLSearchParams,
  size: number,
  page: number,
  token?: string,
) {
  const query = new URLSearchParams(filters)
  query.set('PageSize', String(size))
  query.set('Page', String(page))
  if (token) query.set('PageToken', token)
  return `${pathname}?${query}`
}

/**
 * Sorts by date_sent, newest first, with texts not sent yet (null) before them all, and those
 * newest created first among themselves (as among equal dates: the list's order is newest first).
 */
const newestFirst = (
  a: { sentAt: number | null; createdAt: number },
  b: { sentAt: number | null; createdAt: number },
) =>
  a.sentAt === b.sentAt
    ? b.createdAt - a.createdAt
    : a.sentAt === null
      ? -1
      : b.sentAt === null
        ? 1
        : b.sentAt - a.sentAt

/** A GMT day (YYYY-MM-DD) of a DateSent filter, which Twilio compares by day. */
const gmtDay = (value: string | number) => new Date(value).toISOString().slice(0, 10)

/** Twilio's Messages endpoints as the stand-in answers them (msw's handlers: `twilioHandlers`). */
export function twilioEndpoints(outboxPath: string, options: TwilioStandInOptions): Endpoint[] {
  const timing: Timing = {
    queuedForMs: options.queuedForMs ?? DEVELOPMENT_TIMING.queuedForMs,
    deliveredAfterMs: options.deliveredAfterMs ?? DEVELOPMENT_TIMING.deliveredAfterMs,
  }
  return [
    // The list, newest first by date_sent (https://www.twilio.com/docs/messaging/api/message-resource),
    // texts not sent yet before them; PageSize at a time (50 unless asked, 1,000 at most).
    {
      method: 'GET',
      path: `${MESSAGES}.json`,
      answer: ({ request, params }) => {
        const url = new URL(request.url)
        const query = url.searchParams
        const now = Date.now()
        const filters = new URLSearchParams(
          [...query].filter(([name]) =>
            ['To', 'From', 'DateSent', 'DateSent<', 'DateSent>'].includes(name),
          ),
        )
        const matching = readMessages(outboxPath, params.accountSid!)
          .reverse()
          .map((message) => ({ message, sentAt: messageAt(message, now).sentAt }))
          .filter(({ message, sentAt }) => {
            const day = sentAt === null ? null : gmtDay(sentAt)
            const on = (name: string, test: (filter: string) => boolean) => {
              const value = filters.get(name)
              return value === null || (day !== null && test(gmtDay(value)))
            }
            return (
              (!filters.get('To') || message.to === filters.get('To')) &&
              (!filters.get('From') || message.from === filters.get('From')) &&
              on('DateSent', (filter) => day === filter) &&
              on('DateSent<', (filter) => day! <= filter) &&
              on('DateSent>', (filter) => day! >= filter)
            )
          })
          .sort((a, b) =>
            newestFirst(
              { sentAt: a.sentAt, createdAt: a.message.createdAt },
              { sentAt: b.sentAt, createdAt: b.message.createdAt },
            ),
          )
          .map(({ message }) => message)
        const size = Math.min(Math.max(Number(query.get('PageSize')) || 50, 1), 1000)
        const page = Math.max(Number(query.get('Page')) || 0, 0)
        // Twilio's page tokens: PA<sid> for the page after that message, PB<sid> for the one before.
        const token = query.get('PageToken')
        const at = (sid: string) => matching.findIndex((message) => message.sid === sid)
        const from = token?.startsWith('PA')
          ? at(token.slice(2)) + 1
          : token?.startsWith('PB')
            ? Math.max(at(token.slice(2)) - size, 0)
            : page * size
        const messages = matching.slice(from, from + size)
        const last = messages.at(-1)
        return HttpResponse.json({
          messages: messages.map((message) => messageResource(message, now)),
          end: messages.length ? page * size + messages.length - 1 : 0,
          first_page_uri: pageUri(url.pathname, filters, size, 0),
          next_page_uri:
            last && from + size < matching.length
              ? pageUri(url.pathname, filters, size, page + 1, `PA${last.sid}`)
              : null,
          page,
          page_size: size,
          previous_page_uri:
            page > 0 && messages[0]
              ? pageUri(url.pathname, filters, size, page - 1, `PB${messages[0].sid}`)
              : null,
          start: page * size,
          uri: pageUri(url.pathname, filters, size, page, token ?? undefined),
        })
      },
    },
    {
      method: 'GET',
      path: `${MESSAGES}/:sid.json`,
      answer: ({ params }) => {
        const message = readMessages(outboxPath, params.accountSid!).find(
          (candidate) => candidate.sid === params.sid,
        )
        if (!message) return twilioError(20404, params.sid!)
        return HttpResponse.json(messageResource(message, Date.now()))
      },
    },
    {
      method: 'POST',
      path: `${MESSAGES}.json`,
      answer: async ({ request, params }) => {
        const form = new URLSearchParams(await request.text())
        const refused = refusal(outboxPath, form)
        if (refused) return refused
        const to = form.get('To')!
        const messagingServiceSid = form.get('MessagingServiceSid')
        const message: MessageRecord = {
          sid: newMessageSid(),
          accountSid: params.accountSid!,
          messagingServiceSid,
          direction: 'outbound-api',
          from: messagingServiceSid ? (options.serviceNumber ?? '+15005550006') : form.get('From')!,
          to,
          body: form.get('Body')!,
          createdAt: Date.now(),
          timing,
          failure: numberState(outboxPath, to).failure,
        }
        recordMessage(outboxPath, message)
        if (options.print) console.log(`[sms → ${to}] ${message.body}`)
        const statusCallback = form.get('StatusCallback')
        if (statusCallback && (options.statusCallbacks ?? true))
          postStatusCallbacks(message, statusCallback, options.authToken)
        return HttpResponse.json(messageResource(message, message.createdAt, true), { status: 201 })
      },
    },
  ]
}

export const twilioHandlers = (outboxPath: string, options: TwilioStandInOptions) =>
  handlersFor(twilioEndpoints(outboxPath, options))
