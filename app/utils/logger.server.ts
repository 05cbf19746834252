import { pino } from 'pino'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

/**
 * Structured JSON logs (pretty in development); phone numbers and codes are redacted wherever
 * they appear.
 */
export function createLogger(service: 'web' | 'worker'): pino.Logger {
  const env = getEnv()
  return pino({
    level: env.logLevel,
    base: { service },
    redact: ['phoneNumber', 'code', '*.phoneNumber', '*.code', 'to', '*.to'],
    ...(env.nodeEnv === 'development' && {
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', singleLine: true } },
    }),
  })
}

/** The web process's logger. */
export function getLogger(): pino.Logger {
  return singleton('logger', () => createLogger('web'))
}
