import { slotAtOrBefore, phaseMs } from './schedule'

/**
 * An alert's checks, kept on its question (decision 0030): for each pace among the question's
 * alerts (a plan's interval), the last outcomes and counts by hour and by day, in one small
 * buffer rewritten by the update a check already makes. A pace counts the answers its alerts act
 * on (the first at or after each of its slots), so a free alert sharing a question with a
 * 2-minute one shows its own daily check, not 720.
 */

export const CHECK_OUTCOMES = ['answered', 'unanswered', 'not-bookable-yet'] as const
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number]

/** How many outcomes each pace keeps, newest last. */
export const RECENT_CHECKS = 50
const HOURS = 24
/** Seven whole days back from today, and today. */
const DAYS = 8
const OUTCOMES = CHECK_OUTCOMES.length

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

// One pace: interval (u16) | newest hour (u32) | 24 × 3 counts (u16) | newest day (u32) |
// 8 × 3 counts (u16) | outcomes kept (u8) | next ring slot (u8) | 50 × (seconds u32, outcome u8).
const HOURS_AT = 2 + 4
const DAY_BASE_AT = HOURS_AT + HOURS * OUTCOMES * 2
const DAYS_AT = DAY_BASE_AT + 4
const RING_HEAD_AT = DAYS_AT + DAYS * OUTCOMES * 2
const RING_AT = RING_HEAD_AT + 2
const ENTRY = 5
export const PACE_BYTES = RING_AT + RECENT_CHECKS * ENTRY

export interface CheckCounts {
  answered: number
  unanswered: number
  notBookableYet: number
}

export interface PaceHistory {
  intervalMinutes: number
  /** Newest last. */
  recent: { at: Date; outcome: CheckOutcome }[]
  last24Hours: CheckCounts
  last7Days: CheckCounts
}

function paceAt(history: Uint8Array | null, intervalMinutes: number): DataView | null {
  if (!history) return null
  for (let at = 0; at + PACE_BYTES <= history.length; at += PACE_BYTES) {
    const view = new DataView(history.buffer, history.byteOffset + at, PACE_BYTES)
    if (view.getUint16(0) === intervalMinutes) return view
  }
  return null
}

/** Moves a ring of counters forward to `current`, zeroing the buckets that passed unwritten. */
function roll(view: DataView, baseAt: number, countsAt: number, size: number, current: number) {
  const base = view.getUint32(baseAt)
  if (current <= base) return
  for (let unit = Math.max(base + 1, current - size + 1); unit <= current; unit++)
    for (let outcome = 0; outcome < OUTCOMES; outcome++)
      view.setUint16(countsAt + ((unit % size) * OUTCOMES + outcome) * 2, 0)
  view.setUint32(baseAt, current)
}

function count(view: DataView, countsAt: number, bucket: number, outcome: number) {
  const at = countsAt + (bucket * OUTCOMES + outcome) * 2
  view.setUint16(at, Math.min(0xffff, view.getUint16(at) + 1))
}

function add(view: DataView, at: number, outcome: number) {
  const hour = Math.floor(at / HOUR_MS)
  const day = Math.floor(at / DAY_MS)
  roll(view, 2, HOURS_AT, HOURS, hour)
  roll(view, DAY_BASE_AT, DAYS_AT, DAYS, day)
  // An outcome older than the newest bucket (a clock step back) still counts in its own bucket.
  if (view.getUint32(2) - hour < HOURS) count(view, HOURS_AT, hour % HOURS, outcome)
  if (view.getUint32(DAY_BASE_AT) - day < DAYS) count(view, DAYS_AT, day % DAYS, outcome)
  const kept = view.getUint8(RING_HEAD_AT)
  const next = view.getUint8(RING_HEAD_AT + 1)
  view.setUint32(RING_AT + next * ENTRY, Math.floor(at / 1000))
  view.setUint8(RING_AT + next * ENTRY + 4, outcome)
  view.setUint8(RING_HEAD_AT, Math.min(RECENT_CHECKS, kept + 1))
  view.setUint8(RING_HEAD_AT + 1, (next + 1) % RECENT_CHECKS)
}

/** The latest the newest outcome kept may have been (they are kept to the second). */
function newestAt(view: DataView): number | null {
  if (view.getUint8(RING_HEAD_AT) === 0) return null
  const newest = (view.getUint8(RING_HEAD_AT + 1) + RECENT_CHECKS - 1) % RECENT_CHECKS
  return view.getUint32(RING_AT + newest * ENTRY) * 1000 + 999
}

/**
 * The question's history after one ask of Disney, for the paces it has now (a pace no alert has
 * any more is dropped; a new one starts empty). An answer counts for a pace when it is the first
 * answer since that pace's last slot; Disney not answering counts once per slot however many
 * retries it takes, and the answer that follows still counts.
 */
export function withCheck(
  history: Uint8Array | null,
  check: {
    paces: readonly number[]
    queryKey: string
    /** The question's last answered check before this one. */
    previousAnswer: number | null
    at: number
    outcome: CheckOutcome
  },
): Buffer {
  const next = Buffer.alloc(check.paces.length * PACE_BYTES)
  check.paces.forEach((intervalMinutes, index) => {
    const view = new DataView(next.buffer, next.byteOffset + index * PACE_BYTES, PACE_BYTES)
    const old = paceAt(history, intervalMinutes)
    if (old) next.set(new Uint8Array(old.buffer, old.byteOffset, PACE_BYTES), index * PACE_BYTES)
    else view.setUint16(0, intervalMinutes)
    const intervalMs = intervalMinutes * 60_000
    const slot = slotAtOrBefore(check.at, intervalMs, phaseMs(check.queryKey, intervalMs))
    const since =
      check.outcome === 'unanswered'
        ? Math.max(check.previousAnswer ?? -Infinity, newestAt(view) ?? -Infinity)
        : (check.previousAnswer ?? -Infinity)
    if (slot > since) add(view, check.at, CHECK_OUTCOMES.indexOf(check.outcome))
  })
  return next
}

function sum(
  view: DataView,
  baseAt: number,
  countsAt: number,
  size: number,
  current: number,
  span: number,
): CheckCounts {
  const totals = [0, 0, 0]
  const base = view.getUint32(baseAt)
  for (
    let unit = Math.max(current - span + 1, base - size + 1);
    unit <= Math.min(base, current);
    unit++
  )
    for (let outcome = 0; outcome < OUTCOMES; outcome++)
      totals[outcome]! += view.getUint16(countsAt + ((unit % size) * OUTCOMES + outcome) * 2)
  return { answered: totals[0]!, unanswered: totals[1]!, notBookableYet: totals[2]! }
}

/** What one pace of a question's history says at `now`, or null if it has none yet. */
export function readPace(
  history: Uint8Array | null,
  intervalMinutes: number,
  now: number,
): PaceHistory | null {
  const view = paceAt(history, intervalMinutes)
  if (!view) return null
  const kept = view.getUint8(RING_HEAD_AT)
  const next = view.getUint8(RING_HEAD_AT + 1)
  const recent = Array.from({ length: kept }, (_, index) => {
    const at = RING_AT + ((next - kept + index + RECENT_CHECKS) % RECENT_CHECKS) * ENTRY
    return {
      at: new Date(view.getUint32(at) * 1000),
      outcome: CHECK_OUTCOMES[view.getUint8(at + 4)] ?? 'answered',
    }
  })
  return {
    intervalMinutes,
    recent,
    last24Hours: sum(view, 2, HOURS_AT, HOURS, Math.floor(now / HOUR_MS), HOURS),
    last7Days: sum(view, DAY_BASE_AT, DAYS_AT, DAYS, Math.floor(now / DAY_MS), 7),
  }
}

/**
 * What an alert's questions say together (decision 0033): each is a call to Disney, so their
 * counts add up, and their recent checks interleave by time (the newest RECENT_CHECKS kept).
 */
export function mergePaces(paces: readonly (PaceHistory | null)[]): PaceHistory | null {
  const known = paces.filter((pace): pace is PaceHistory => pace !== null)
  const [first] = known
  if (!first || known.length === 1) return first ?? null
  const add = (a: CheckCounts, b: CheckCounts): CheckCounts => ({
    answered: a.answered + b.answered,
    unanswered: a.unanswered + b.unanswered,
    notBookableYet: a.notBookableYet + b.notBookableYet,
  })
  return {
    intervalMinutes: first.intervalMinutes,
    recent: known
      .flatMap((pace) => pace.recent)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(-RECENT_CHECKS),
    last24Hours: known.map((pace) => pace.last24Hours).reduce(add),
    last7Days: known.map((pace) => pace.last7Days).reduce(add),
  }
}
