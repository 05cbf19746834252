import { pino } from 'pino'
import { getEnv } from '~/env.server'
import { currentRequestId } from '~/utils/request-context.server'
import { singleton } from '~/utils/singleton.server'

/**
 * Structured JSON logs (pretty in development). Phone numbers and codes are redacted wherever
 * they appear, and so are the credentials a request or response carries: a bearer token or a
 * session cookie copied from a log must not sign anyone in. Tests pass a level and a destination
 * of their own (tests/support/isolate.ts).
 */
export function createLogger(
  service: 'web' | 'worker',
  options: { level?: pino.Level; destination?: pino.DestinationStream } = {},
): pino.Logger {
  const env = getEnv()
  const settings: pino.LoggerOptions = {
    level: options.level ?? env.logLevel,
    base: { service },
    // Every line logged while serving a request names it (X-Request-Id).
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? { requestId } : {}
    },
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
      !options.destination && {
        transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', singleLine: true } },
      }),
  }
  return options.destination ? pino(settings, options.destination) : pino(settings)
}

/** The singleton name of the web's logger, which a test setup may take first. */
export const WEB_LOGGER = 'logger'

/** The web process's logger. */
export function getLogger(): pino.Logger {
  return singleton(WEB_LOGGER, () => createLogger('web'))
}
