import type { Logger } from 'pino'
import type { DB } from '../db/client.ts'
import type { DestinationId } from '../db/schema.ts'
import { unmatchedRooms, type AnswerRoom, type KnownKeys } from '../app/domain/room-keys.ts'
import {
  DINING_ADDRESS,
  catalogueVenues,
  knownRoomKeys,
  recordUnmatched,
  type UnmatchedSighting,
} from '../app/models/catalogue-drift.server.ts'
import type { AnswerVenue } from './upstream/dining.ts'
import type { Metrics } from './metrics.ts'

/** How long the catalogue's keys are trusted before they are read again (admin mappings). */
const KNOWN_TTL_MS = 30_000
const NO_KEYS: KnownKeys = { codes: new Set(), ids: new Set() }

/**
 * Counts what Disney's answers list that our catalogue does not know, per address. Sightings are
 * added up in memory and written in one statement every few seconds, so a check pays nothing for
 * drift; a worker that dies loses at most those seconds of counts, never a check.
 */
export class DriftRecorder {
  private pending = new Map<string, UnmatchedSighting>()
  private known:
    | {
        readAt: number
        rooms: Map<DestinationId, KnownKeys>
        venues: Map<DestinationId, Map<string, boolean>>
      }
    | undefined
  private loading: Promise<void> | undefined

  constructor(
    private readonly db: DB,
    private readonly metrics: Metrics,
    private readonly logger: Logger,
  ) {}

  /** The catalogue's keys, or nothing when they cannot be read: drift never fails a check. */
  private async catalogue() {
    if (!this.known || Date.now() - this.known.readAt > KNOWN_TTL_MS) {
      this.loading ??= Promise.all([knownRoomKeys(this.db), catalogueVenues(this.db)])
        .then(([rooms, venues]) => {
          this.known = { readAt: Date.now(), rooms, venues }
        })
        .finally(() => {
          this.loading = undefined
        })
      await this.loading.catch((error: unknown) =>
        this.logger.warn({ err: error }, 'catalogue keys not read; drift not counted'),
      )
    }
    return this.known
  }

  private add(sighting: Omit<UnmatchedSighting, 'times'>) {
    const key = `${sighting.locationIdentifier}|${sighting.address}|${sighting.keyKind}|${sighting.disneyKey}`
    const seen = this.pending.get(key)
    this.pending.set(key, { ...sighting, times: (seen?.times ?? 0) + 1 })
    this.metrics.unmatched.inc({ kind: sighting.keyKind })
  }

  /** The rooms of one answer at one address; the ones no room type carries are drift. */
  async sawRooms(locationIdentifier: DestinationId, address: string, rooms: readonly AnswerRoom[]) {
    const catalogue = await this.catalogue()
    if (!catalogue) return
    const known = catalogue.rooms.get(locationIdentifier) ?? NO_KEYS
    for (const room of unmatchedRooms(rooms, known)) {
      this.add({ locationIdentifier, address, ...room })
    }
  }

  /**
   * The venues of one dining answer; the ones missing from the dining catalogue are drift, and
   * so are the ones it marks as no longer listed by Disney: Disney lists them again.
   */
  async sawVenues(locationIdentifier: DestinationId, venues: readonly AnswerVenue[]) {
    const catalogue = await this.catalogue()
    if (!catalogue) return
    const known = catalogue.venues.get(locationIdentifier) ?? new Map<string, boolean>()
    for (const venue of venues) {
      const listed = known.get(venue.venueId)
      if (listed) continue
      const seen = `${venue.name || 'unnamed'} (${venue.group}), ${venue.offers} bookable times`
      this.add({
        locationIdentifier,
        address: DINING_ADDRESS,
        keyKind: 'venue',
        disneyKey: venue.venueId,
        description: listed === false ? `${seen}; unlisted in our catalogue: relist it` : seen,
      })
    }
  }

  /** Writes the sightings gathered since the last flush. */
  async flush() {
    if (this.pending.size === 0) return
    const sightings = [...this.pending.values()]
    this.pending = new Map()
    try {
      await recordUnmatched(this.db, sightings)
    } catch (error) {
      this.logger.warn({ err: error, sightings: sightings.length }, 'drift counts not written')
    }
  }
}
