import { pino } from 'pino'
import { getEnv } from '~/env.server'

/**
 * Structured JSON logs (pretty in development). Phone numbers and codes are redacted wherever
 * they appear, and so are the credentials a request or response carries: a bearer token or a
 * session cookie copied from a log must not sign anyone in.
 */
export function createLogger(
  service: 'web' | 'worker',
  destination?: pino.DestinationStream,
): pino.Logger {
  const env = getEnv()
  const options: pino.LoggerOptions = {
    level: env.logLevel,
    base: { service },
    redact: [
      'phoneNumber',
      'code',
      '*.phoneNumber',
      '*.code',
      'to',
      '*.to',
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
    ],
    ...(env.nodeEnv === 'development' &&
      !destination && {
        transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', singleLine: true } },
      }),
  }
  return destination ? pino(options, destination) : pino(options)
}

const g = globalThis as typeof globalThis & { __logger?: pino.Logger }

/** The web process's logger. */
export function getLogger(): pino.Logger {
  g.__logger ??= createLogger('web')
  return g.__logger
}
