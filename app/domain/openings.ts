/**
 * Openings with a life (decision 0029). An opening is a room type for a stay, or a restaurant's
 * table at a time, that a question's answer shows and one of its running alerts watches. It lives
 * from the check that first sees it to the first check that no longer does, and each alert is
 * texted about it once in that life.
 */

/**
 * An opening seen again this soon after it closed is the same opening, not a new one: Disney's
 * answers flicker as its servers disagree, and a flicker must not text anyone twice.
 */
export const REOPEN_GRACE_MS = 30 * 60_000

/** Closed openings are kept this long (an alert's page, the public statistics), then deleted. */
export const OPENING_RETENTION_DAYS = 90

/**
 * Texts about one alert's openings in any 24 hours. The next opening gets one summary text
 * instead, and those after it none until the 24 hours have room again: no fault of ours or
 * Disney's can flood a phone.
 */
export const TEXTS_PER_ALERT_PER_DAY = 10

export const hotelOpeningKey = (roomTypeId: string, checkIn: string, checkOut: string) =>
  `${roomTypeId}|${checkIn}|${checkOut}`

export const diningOpeningKey = (venueId: string, date: string, time: string) =>
  `${venueId}|${date}|${time}`

/**
 * What an answer changed in a question's open openings: the keys it shows that were not open
 * (new, or back from closing), and the ids of the open ones it no longer shows.
 */
export function openingChanges(open: Readonly<Record<string, number>>, seen: Iterable<string>) {
  const now = new Set(seen)
  return {
    appeared: [...now].filter((key) => !Object.hasOwn(open, key)),
    closed: Object.entries(open)
      .filter(([key]) => !now.has(key))
      .map(([, id]) => id),
  }
}

/** Whether an alert's next opening gets its text, the summary text, or is held. */
export type TextUnderCap = 'text' | 'summary' | 'held'

/** An alert's next opening, given how many texts the alert was sent in the last 24 hours. */
export function textUnderCap(sentInLastDay: number): TextUnderCap {
  if (sentInLastDay < TEXTS_PER_ALERT_PER_DAY) return 'text'
  return sentInLastDay === TEXTS_PER_ALERT_PER_DAY ? 'summary' : 'held'
}
