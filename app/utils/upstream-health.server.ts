import type { Redis } from 'ioredis'

/**
 * The families of Disney endpoints the worker calls; each has its own breaker and fault. The
 * all-resorts search (`wdw-all-resorts`) only spares room-level calls, so its faults must never
 * stop them: it breaks on its own.
 */
export const ENDPOINT_FAMILIES = ['dining', 'wdw-hotel', 'dlr-hotel', 'wdw-all-resorts'] as const
export type EndpointFamily = (typeof ENDPOINT_FAMILIES)[number]

export function upstreamKey(
  prefix: string,
  family: EndpointFamily,
  part: 'failures' | 'open-until' | 'fault' | 'not-found-since',
) {
  return `${prefix}:upstream:${family}:${part}`
}

export interface UpstreamFaultRecord {
  reason: string
  message: string
  at: number
}

/** The latest fault of each family within the last ten minutes (the worker writes them). */
export async function upstreamFaults(redis: Redis, prefix: string) {
  const values = await redis.mget(
    ENDPOINT_FAMILIES.map((family) => upstreamKey(prefix, family, 'fault')),
  )
  const faults: Partial<Record<EndpointFamily, UpstreamFaultRecord>> = {}
  ENDPOINT_FAMILIES.forEach((family, index) => {
    const value = values[index]
    if (value) faults[family] = JSON.parse(value) as UpstreamFaultRecord
  })
  return faults
}

/** How long a family may answer nothing but "not found" before health calls it suspicious. */
export const NOT_FOUND_ALARM_MS = 10 * 60_000

/**
 * Families whose every answer for the last ten minutes was Disney's "not found": for dining
 * that is what a session that is not logged in gets, so it is shown, not hidden as "no tables".
 */
export async function silentFamilies(redis: Redis, prefix: string, now = Date.now()) {
  const values = await redis.mget(
    ENDPOINT_FAMILIES.map((family) => upstreamKey(prefix, family, 'not-found-since')),
  )
  const silent: Partial<Record<EndpointFamily, UpstreamFaultRecord>> = {}
  ENDPOINT_FAMILIES.forEach((family, index) => {
    const since = Number(values[index])
    if (since && now - since >= NOT_FOUND_ALARM_MS)
      silent[family] = {
        reason: 'not-found',
        message: `every answer since ${new Date(since).toISOString()} was "not found": is the session logged in?`,
        at: since,
      }
  })
  return silent
}
