import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { singleton } from '~/utils/singleton.server'

/**
 * What every log line of one request carries, without passing it through every call, and what
 * its loaders share (a page's loaders run side by side, each asking for the signed-in user).
 */
type RequestStore = { requestId: string; shared?: Map<string, unknown> }
// One store per process: server.ts opens it from its own copy of this module, while the loaders
// reading it run in the Remix build's bundled copy.
const requests = singleton('request-context', () => new AsyncLocalStorage<RequestStore>())

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

/** One answer per request for `key` (outside a request, e.g. in tests, a fresh one each call). */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = requests.getStore()
  if (!store) return compute()
  store.shared ??= new Map()
  if (!store.shared.has(key)) store.shared.set(key, compute())
  return store.shared.get(key) as Promise<T>
}
