import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { http, HttpResponse } from 'msw'

export interface OutboxEntry {
  to: string
  from: string
  body: string
  time: string
  sid: string
}

/**
 * Twilio's Messages API, answered locally: each text is printed to the terminal and appended to
 * the outbox file as one JSON line, where a developer (or a browser test) reads it like a phone.
 */
function readOutbox(outboxPath: string): OutboxEntry[] {
  if (!existsSync(outboxPath)) return []
  return readFileSync(outboxPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry)
}

/** Numbers that replied STOP to Twilio itself (Advanced Opt-Out): Twilio refuses to text them. */
const unsubscribedAtTwilio = new Set<string>()
export function unsubscribeAtTwilio(phoneNumber: string) {
  unsubscribedAtTwilio.add(phoneNumber)
}

export function twilioHandlers(outboxPath: string, options: { print: boolean }) {
  return [
    // Message list, filtered by To and DateSent> as the SDK asks: how a resend is avoided. As
    // Twilio's docs say (https://www.twilio.com/docs/messaging/api/message-resource), it is
    // "sorted by the DateSent field, with the most recent messages appearing first", PageSize at a
    // time (50 unless asked, 1,000 at most), and DateSent> compares GMT days.
    http.get(
      'https://api.twilio.com/2010-04-01/Accounts/:accountSid/Messages.json',
      ({ request }) => {
        const url = new URL(request.url)
        const to = url.searchParams.get('To')
        const after = url.searchParams.get('DateSent>')
        const pageSize = Math.min(Number(url.searchParams.get('PageSize') ?? 50) || 50, 1000)
        const page = Number(url.searchParams.get('Page') ?? 0) || 0
        const matching = readOutbox(outboxPath)
          .filter(
            (entry) =>
              (!to || entry.to === to) &&
              (!after || entry.time >= new Date(after).toISOString().slice(0, 10)),
          )
          .reverse()
        const messages = matching.slice(page * pageSize, (page + 1) * pageSize).map((entry) => ({
          sid: entry.sid,
          to: entry.to,
          from: entry.from,
          body: entry.body,
          status: 'sent',
          date_sent: new Date(entry.time).toUTCString(),
        }))
        const next = new URLSearchParams(url.searchParams)
        next.set('Page', String(page + 1))
        next.set('PageSize', String(pageSize))
        return HttpResponse.json({
          messages,
          next_page_uri: (page + 1) * pageSize < matching.length ? `${url.pathname}?${next}` : null,
          page,
          page_size: pageSize,
          uri: `${url.pathname}${url.search}`,
        })
      },
    ),
    http.post(
      'https://api.twilio.com/2010-04-01/Accounts/:accountSid/Messages.json',
      async ({ request, params }) => {
        const form = new URLSearchParams(await request.text())
        const to = form.get('To') ?? ''
        const body = form.get('Body') ?? ''
        if (!/^\+[1-9]\d{6,14}$/.test(to) || !body) {
          return HttpResponse.json(
            {
              code: 21211,
              message: `The 'To' number ${to} is not a valid phone number.`,
              status: 400,
            },
            { status: 400 },
          )
        }
        if (unsubscribedAtTwilio.has(to)) {
          return HttpResponse.json(
            {
              code: 21610,
              message: 'Attempt to send to unsubscribed recipient',
              more_info: 'https://www.twilio.com/docs/errors/21610',
              status: 400,
            },
            { status: 400 },
          )
        }
        const entry: OutboxEntry = {
          to,
          from: form.get('From') ?? '',
          body,
          time: new Date().toISOString(),
          sid: `SM${randomBytes(16).toString('hex')}`,
        }
        mkdirSync(path.dirname(path.resolve(outboxPath)), { recursive: true })
        appendFileSync(outboxPath, `${JSON.stringify(entry)}\n`)
        if (options.print) console.log(`[sms → ${to}] ${body}`)
        const now = new Date().toUTCString()
        return HttpResponse.json(
          {
            sid: entry.sid,
            account_sid: params.accountSid,
            to,
            from: entry.from,
            body,
            status: 'queued',
            num_segments: '1',
            direction: 'outbound-api',
            date_created: now,
            date_updated: now,
            uri: `/2010-04-01/Accounts/${String(params.accountSid)}/Messages/${entry.sid}.json`,
          },
          { status: 201 },
        )
      },
    ),
  ]
}
