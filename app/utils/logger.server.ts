import { pino } from 'pino'
import { getEnv } from '~/env.server'
import { singleton } from '~/utils/singleton.server'

/**
 * Structured JSON logs (pretty in development); phone numbers and codes are redacted wherever
 * they appear. Tests pass a level and a destination of their own (tests/support/isolate.ts).
 */
export function createLogger(
  service: 'web' | 'worker',
  options: { level?: pino.Level; destination?: pino.DestinationStream } = {},
): pino.Logger {
  const env = getEnv()
  const settings: pino.LoggerOptions = {
    level: options.level ?? env.logLevel,
    base: { service },
    redact: ['phoneNumber', 'code', '*.phoneNumber', '*.code', 'to', '*.to'],
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
