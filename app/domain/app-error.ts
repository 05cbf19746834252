import * as z from 'zod/mini'

/**
 * What went wrong, in the application's words: the codes the specifications name
 * (QUOTA_EXCEEDED, SUBSCRIPTION_REQUIRED, NO_PLAN) and our own for everything else.
 */
export type ErrorCode =
  | 'QUOTA_EXCEEDED'
  | 'SUBSCRIPTION_REQUIRED'
  | 'NO_PLAN'
  | 'NOT_FOUND'
  | 'INVALID'
  | 'CONFLICT'
  | 'DUPLICATE_ALERT'
  | 'RATE_LIMITED'
  | 'CARD_DECLINED'
  | 'UPSTREAM_FAILED'
  | 'UNAVAILABLE'

/**
 * Codes the JSON API puts in its error body: those of accounts §8, and DUPLICATE_ALERT, which a
 * client needs to tell apart (its body names the running alert it repeats, as `alertId`).
 */
export const PUBLIC_CODES: ReadonlySet<ErrorCode> = new Set([
  'QUOTA_EXCEEDED',
  'SUBSCRIPTION_REQUIRED',
  'NO_PLAN',
  'DUPLICATE_ALERT',
])

/**
 * The one application error: a refusal or failure a caller answers with. `status` is the HTTP
 * status, `message` the text a person reads (kept verbatim from the specifications), and
 * `field` the form field it belongs beside, when it belongs to one; `alertId` the alert it is
 * about, when the refusal points at another alert than the one asked for.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly alertId?: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** Parses with a schema, or refuses with its first issue's message beside that issue's field. */
export function parseOrRefuse<Schema extends z.core.$ZodType>(
  schema: Schema,
  raw: unknown,
  fallback: string,
): z.output<Schema> {
  const result = z.safeParse(schema, raw)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new AppError(400, 'INVALID', issue?.message ?? fallback, issue?.path.join('.'))
}
