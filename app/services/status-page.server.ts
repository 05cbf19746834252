import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import {
  checkingWords,
  FAMILIES,
  familyHealth,
  incidentWords,
  textSpeed,
  type CheckCounts,
  type IncidentRow,
} from '~/domain/status'
import { getEnv } from '~/env.server'
import { recentIncidents } from '~/models/incident.server'
import { recentTextTimings, TEXT_SPEED_SAMPLE } from '~/models/text-speed.server'
import { checksLastHour } from '~/utils/check-counts.server'
import { getDb } from '~/utils/db.server'
import { expiringCache } from '~/utils/expiring-cache.server'
import { lastBeatAt, liveWorkers } from '~/utils/heartbeat.server'
import { getRedis } from '~/utils/redis.server'
import { ENDPOINT_FAMILIES, silentFamilies, upstreamFaults } from '~/utils/upstream-health.server'
import { breakerIncidentKey } from '../../worker/upstream/breaker.ts'

/** Figures are worked out at most once a minute per process, and kept a minute by browsers. */
const FRESH_MS = 60_000
export const STATUS_CACHE = { 'Cache-Control': 'public, max-age=60' } as const

/** What Redis says now: workers alive, the hour's checks, each family's breaker and faults. */
async function liveState(redis: Redis, prefix: string, now: number) {
  const [alive, lastBeat, checks, faults, silent, incidents] = await Promise.all([
    liveWorkers(redis, prefix, now),
    lastBeatAt(redis, prefix),
    checksLastHour(redis, prefix, now),
    upstreamFaults(redis, prefix),
    silentFamilies(redis, prefix, now),
    redis.mget(ENDPOINT_FAMILIES.map((family) => breakerIncidentKey(prefix, family))),
  ])
  const breakerSince = Object.fromEntries(
    ENDPOINT_FAMILIES.map((family, index) => {
      const since = incidents[index]
      return [family, since ? Number(since) : null]
    }),
  )
  return {
    checking: checkingWords(alive > 0, lastBeat),
    checks,
    families: FAMILIES.map((family) =>
      familyHealth(family, {
        breakerOpenSince: breakerSince[family] ?? null,
        notFoundSince: silent[family]?.at ?? null,
        fault: faults[family] ?? null,
      }),
    ),
    breakerSince,
  }
}

interface StatusData {
  at: number
  /** Null when Redis could not be read: the page says these are not known right now. */
  checking: string | null
  checks: CheckCounts | null
  families: ReturnType<typeof familyHealth>[] | null
  texts: ReturnType<typeof textSpeed> & { sample: number }
  incidents: (Omit<IncidentRow, 'endedAt'> & ReturnType<typeof incidentWords>)[]
}

async function computeStatus(
  db: Kysely<Database>,
  redis: Redis,
  prefix: string,
  now: number,
): Promise<StatusData> {
  const [live, incidents, timings] = await Promise.all([
    liveState(redis, prefix, now).catch(() => null),
    recentIncidents(db, new Date(now)),
    recentTextTimings(db, new Date(now)),
  ])
  return {
    at: now,
    checking: live?.checking ?? null,
    checks: live?.checks ?? null,
    families: live?.families ?? null,
    texts: { ...textSpeed(timings), sample: TEXT_SPEED_SAMPLE },
    incidents: incidents.map((incident) => {
      // Without Redis an incident with no end is taken to last: its cause cannot be read.
      const ongoing =
        incident.endedAt === null &&
        (!live ||
          (incident.family !== null && live.breakerSince[incident.family] === incident.startedAt))
      return {
        kind: incident.kind,
        family: incident.family,
        startedAt: incident.startedAt,
        ...incidentWords(incident, ongoing, now),
      }
    }),
  }
}

const cache = expiringCache<'status', StatusData>(FRESH_MS)

/**
 * The status page's figures, worked out at most once a minute per process however many ask
 * (requests meanwhile share one result; a failed one is forgotten at once). Each costs a few
 * Redis reads and two bounded queries, never a scan.
 */
export function statusData(now = Date.now()): Promise<StatusData> {
  return cache('status', () => computeStatus(getDb(), getRedis(), getEnv().redisPrefix, now), now)
}
