import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.server.ts'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: createLogger('web', stream), lines }
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
