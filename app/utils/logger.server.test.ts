import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.server.ts'
import { requestIdFrom, runWithRequest } from './request-context.server.ts'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: createLogger('web', { destination: stream }), lines }
}

describe('the log', () => {
  it('never holds a bearer token, a cookie or a phone number', () => {
    const { logger, lines } = capture()
    logger.info(
      {
        req: {
          headers: { authorization: 'Bearer abc123', cookie: '__Host-session=s3cr3t', host: 'x' },
        },
        res: { headers: { 'set-cookie': '__Host-session=s3cr3t; HttpOnly' } },
        phoneNumber: '+12015550100',
        code: '123456',
      },
      'request completed',
    )
    const line = lines.join('')
    for (const secret of ['abc123', 's3cr3t', '+12015550100', '123456'])
      expect(line).not.toContain(secret)
    expect(JSON.parse(line)).toMatchObject({
      req: { headers: { authorization: '[Redacted]', cookie: '[Redacted]', host: 'x' } },
      res: { headers: { 'set-cookie': '[Redacted]' } },
    })
  })
})

describe('a log line written while serving a request', () => {
  it('names the request it belongs to', () => {
    const { logger, lines } = capture()
    runWithRequest('req-42', () => logger.warn('inside'))
    logger.warn('outside')
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-42', msg: 'inside' })
    expect(JSON.parse(lines[1]!).requestId).toBeUndefined()
  })

  it('keeps a sane X-Request-Id and replaces anything else', () => {
    expect(requestIdFrom('abc-123_x.y')).toBe('abc-123_x.y')
    for (const bad of [undefined, '', 'a b', 'x'.repeat(65), 'id\n'])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
