import { appendFileSync, mkdirSync } from 'node:fs'
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
export function twilioHandlers(outboxPath: string, options: { print: boolean }) {
  return [
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
