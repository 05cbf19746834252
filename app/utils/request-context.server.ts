import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

/** What every log line of one request carries, without passing it through every call. */
const requests = new AsyncLocalStorage<{ requestId: string }>()

/** A caller's X-Request-Id is kept when it is a sane token; otherwise the request gets a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && /^[A-Za-z0-9._-]{1,64}$/.test(header) ? header : randomUUID()
}

export function runWithRequest<T>(requestId: string, run: () => T): T {
  return requests.run({ requestId }, run)
}

export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId
}
