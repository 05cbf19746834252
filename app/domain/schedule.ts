/**
 * When questions are asked and alerts act on their answers. A question is asked once per the
 * fastest interval among its alerts, on a phase inside that interval (a hash of its key), so
 * different questions spread over the interval; each alert acts on its answers at its own plan's
 * slots (decision 0028).
 */

export interface HotelQuestion {
  resortId: string
  checkInDate: string
  checkOutDate: string
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
}

export interface DiningQuestion {
  resortLocationIdentifier: string
  partySize: number
  reserveDate: string
}

/** The upstream question of a hotel alert: one resort, one stay, one party. */
export function hotelQueryKey(alert: HotelQuestion): string {
  const ages = [...alert.agesOfChildren].sort((a, b) => a - b).join('.')
  return `hotel|${alert.resortId}|${alert.checkInDate}|${alert.checkOutDate}|${alert.numberOfAdults}|${ages}|${alert.accessible ? 1 : 0}`
}

/** The upstream question of a dining alert: Disney answers every restaurant for one party and date. */
export function diningQueryKey(alert: DiningQuestion): string {
  return `dining|${alert.resortLocationIdentifier}|${alert.partySize}|${alert.reserveDate}`
}

/** FNV-1a: a fast, stable 32-bit hash, the same in every process. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** The offset of a question inside an interval, spread evenly by the hash of its key. */
export function phaseMs(queryKey: string, intervalMs: number): number {
  return hash32(queryKey) % intervalMs
}

/** The last slot at or before `at` on a phase of the interval. */
export function slotAtOrBefore(at: number, intervalMs: number, phase: number): number {
  return at - ((((at - phase) % intervalMs) + intervalMs) % intervalMs)
}

/** The next due time strictly after `now` on the question's phase of the interval. */
export function nextDueAt(now: number, intervalMs: number, phase: number): number {
  return slotAtOrBefore(now, intervalMs, phase) + intervalMs
}

/** What an alert's own pace is made of: its plan's interval, its phase in it, its last change. */
export interface AlertPace {
  intervalMs: number
  phase: number
  /** When it was created, edited or started: its first answer after that counts, slot or not. */
  changedAt: number
}

/**
 * Whether an alert acts on an answer of its question. A question is asked at the fastest
 * interval among its alerts (decision 0028); each alert acts on the first answer at or after each
 * of its own slots, i.e. when a slot falls in (previous check, this check], so a slower plan gains
 * no speed by sharing a question. A new or changed alert acts on its first answer.
 */
export function actsOn(alert: AlertPace, previousCheck: number | null, thisCheck: number) {
  if (previousCheck === null || alert.changedAt > previousCheck) return true
  return slotAtOrBefore(thisCheck, alert.intervalMs, alert.phase) > previousCheck
}

/**
 * When the alert last acted on an answer, from its question's last check: its last slot at or
 * before that check (the answer that served it came at most one question interval later), or
 * its change if no slot has passed since. Null before its first answer.
 */
export function lastLookedAt(alert: AlertPace, lastCheck: number | null): number | null {
  if (lastCheck === null || lastCheck < alert.changedAt) return null
  return Math.max(slotAtOrBefore(lastCheck, alert.intervalMs, alert.phase), alert.changedAt)
}

/**
 * Questions per check job. A job's fixed cost (its queue round trips, one read and one write of
 * its questions) is shared by its questions; a fault retries only the questions that faulted.
 */
export const QUESTIONS_PER_JOB = 20

/** Due questions, kind by kind in the order given, cut into jobs of at most `size` questions. */
export function batchByKind<Question extends { kind: string }>(
  questions: readonly Question[],
  size: number,
): { kind: Question['kind']; questions: Question[] }[] {
  type Kind = Question['kind']
  const byKind = new Map<Kind, Question[]>()
  for (const question of questions) {
    const list = byKind.get(question.kind) ?? []
    list.push(question)
    byKind.set(question.kind, list)
  }
  const batches: { kind: Kind; questions: Question[] }[] = []
  for (const [kind, list] of byKind)
    for (let start = 0; start < list.length; start += size)
      batches.push({ kind, questions: list.slice(start, start + size) })
  return batches
}

/**
 * The queue's rate limit in jobs for an upstream limit in calls a second, each job asking up to
 * `questionsPerJob` questions: never more calls than the limit allows, over any window it opens.
 */
export function jobLimiter(callsPerSecond: number, questionsPerJob: number) {
  const max = Math.max(1, Math.floor(callsPerSecond / questionsPerJob))
  return { max, duration: Math.ceil((1000 * max * questionsPerJob) / callsPerSecond) }
}
