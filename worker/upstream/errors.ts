import type { EndpointFamily } from '../../app/utils/upstream-health.server.ts'

export type { EndpointFamily }

export type FaultReason =
  'timeout' | 'network' | 'http' | 'shape' | 'auth' | 'challenge' | 'breaker-open'

/**
 * Something went wrong on Disney's side, never the alert's. It is retried, counted, shown on
 * /healthz, and it changes no alert's status and sends no text.
 */
export class UpstreamFault extends Error {
  constructor(
    readonly family: EndpointFamily,
    readonly reason: FaultReason,
    message: string,
  ) {
    super(`${family}: ${message}`)
  }
}

/** An alert's own question cannot be asked (a resort Disney no longer sells): status 3 for it. */
export class AlertQuestionError extends Error {}
