import type { Redis } from 'ioredis'

/** The families of Disney endpoints the worker calls; each has its own breaker and fault. */
export const ENDPOINT_FAMILIES = ['dining', 'wdw-hotel', 'dlr-hotel'] as const
export type EndpointFamily = (typeof ENDPOINT_FAMILIES)[number]

export function upstreamKey(
  prefix: string,
  family: EndpointFamily,
  part: 'failures' | 'open-until' | 'fault',
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
