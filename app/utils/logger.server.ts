import { pino } from 'pino'
import { getEnv } from '~/env.server'

const g = globalThis as typeof globalThis & { __logger?: pino.Logger }

/** Structured JSON logs; phone numbers and codes are redacted wherever they appear. */
export function getLogger(): pino.Logger {
  g.__logger ??= pino({
    level: getEnv().logLevel,
    redact: ['phoneNumber', 'code', '*.phoneNumber', '*.code', 'to', '*.to'],
  })
  return g.__logger
}
