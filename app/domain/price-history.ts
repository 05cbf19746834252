/**
 * A hotel alert's price history (issue 30): from the rows the worker keeps each time a room's
 * price for a question's stay changed (or the room stopped being bookable), the lowest price of
 * the alert's rooms over time, as its page draws it and its JSON gives it.
 */
import { formatMoment } from './dates'
import { formatPrice } from './prices'

/** A history row of one of the alert's rooms at one of its questions; both prices null when it stopped being bookable. */
export interface PriceChangeRow {
  questionKey: string
  roomKey: string
  seenAt: Date
  nightlyCents: number | null
  totalCents: number | null
}

/** The lowest prices of the alert's rooms from a moment on; null when none of them was bookable. */
export interface LowestPrice {
  at: Date
  nightlyCents: number | null
  totalCents: number | null
}

/**
 * The lowest nightly and the lowest total price among the alert's rooms, each time they changed,
 * from its rows in time order. Each room of each question holds its last price until a row
 * changes it; the lowest is over all of them, so for an alert of several stays it is the
 * cheapest night and the cheapest stay it could have booked then (its nightly and total may be
 * different rooms' or stays'). Rows of one moment are one answer: they make one point.
 */
export function lowestPriceSeries(rows: readonly PriceChangeRow[]): LowestPrice[] {
  const held = new Map<string, { nightly: number; total: number }>()
  const series: LowestPrice[] = []
  for (let index = 0; index < rows.length;) {
    const at = rows[index]!.seenAt.getTime()
    for (; index < rows.length && rows[index]!.seenAt.getTime() === at; index++) {
      const { questionKey, roomKey, nightlyCents, totalCents } = rows[index]!
      const key = `${questionKey}|${roomKey}`
      if (nightlyCents === null || totalCents === null) held.delete(key)
      else held.set(key, { nightly: nightlyCents, total: totalCents })
    }
    const prices = [...held.values()]
    const point = {
      at: new Date(at),
      nightlyCents: prices.length ? Math.min(...prices.map((price) => price.nightly)) : null,
      totalCents: prices.length ? Math.min(...prices.map((price) => price.total)) : null,
    }
    const last = series.at(-1)
    if (!last || last.nightlyCents !== point.nightlyCents || last.totalCents !== point.totalCents)
      series.push(point)
  }
  return series
}

const dollarsOf = (cents: number | null) => (cents === null ? null : cents / 100)

/**
 * The series as the JSON API and the page give it, in US dollars: each point, and the current
 * lowest (the last point's; null before any price or when none of its rooms is bookable now).
 */
export function priceHistoryJson(series: readonly LowestPrice[]) {
  const current = series.at(-1)
  return {
    prices: series.map((point) => ({
      at: point.at.toISOString(),
      lowestNightly: dollarsOf(point.nightlyCents),
      lowestTotal: dollarsOf(point.totalCents),
    })),
    currentNightly: dollarsOf(current?.nightlyCents ?? null),
    currentTotal: dollarsOf(current?.totalCents ?? null),
  }
}

export type PricePoint = ReturnType<typeof priceHistoryJson>['prices'][number]

/** Which of the two prices a chart draws. */
export type PriceMeasure = 'lowestNightly' | 'lowestTotal'

/** A price in dollars as a page writes it ("$1,033", "$412.50"). */
export const dollarsText = (dollars: number) => formatPrice(Math.round(dollars * 100))

/** One level of a step chart: a price held from one moment (ms) to the next. */
export interface PriceStep {
  from: number
  to: number
  dollars: number
}

/**
 * The steps of one price over time, each held until the next point, the last one until `until`
 * (ms; the alert's last look at Disney's answer). A point without a price leaves a gap.
 */
export function priceSteps(
  points: readonly PricePoint[],
  measure: PriceMeasure,
  until: number,
): PriceStep[] {
  return points.flatMap((point, index) => {
    const dollars = point[measure]
    const from = Date.parse(point.at)
    const to = Math.max(from, index + 1 < points.length ? Date.parse(points[index + 1]!.at) : until)
    return dollars === null ? [] : [{ from, to, dollars }]
  })
}

/** An SVG path of steps: level lines joined where one step ends as the next begins. */
export function stepPath(
  steps: readonly PriceStep[],
  x: (at: number) => number,
  y: (dollars: number) => number,
): string {
  return steps
    .map((step, index) => {
      const joined = index > 0 && steps[index - 1]!.to === step.from
      const start = joined ? `V${y(step.dollars)}` : `M${x(step.from)} ${y(step.dollars)}`
      return `${start} H${x(step.to)}`
    })
    .join(' ')
}

/**
 * The chart in words, for a screen reader and for anyone who would rather read it: the price
 * now, where it started, and the lowest it has been, with when (in the resort's zone).
 */
export function priceSummary(
  points: readonly PricePoint[],
  measure: PriceMeasure,
  timeZone: string,
): string {
  const priced = points.filter((point) => point[measure] !== null)
  const first = priced[0]
  if (!first) return 'None of its rooms has been bookable at a price yet.'
  const when = (point: PricePoint) => formatMoment(point.at, timeZone)
  const last = points.at(-1)!
  const lowest = priced.reduce((low, point) => (point[measure]! < low[measure]! ? point : low))
  const now =
    last[measure] === null
      ? `None of its rooms is bookable now; the last price was ${dollarsText(priced.at(-1)![measure]!)}.`
      : `${dollarsText(last[measure])} now.`
  return [
    now,
    `First seen at ${dollarsText(first[measure]!)} on ${when(first)}.`,
    `Lowest: ${dollarsText(lowest[measure]!)} on ${when(lowest)}.`,
  ].join(' ')
}

/** The stay of an opening an alert saw, and the party that asked for it. */
export interface BookedStay {
  resortId: string
  roomId: string
  checkInDate: string
  checkOutDate: string
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
}

/**
 * "I booked it": the price watch form (/alerts/price-watch) filled in with an opening's stay and
 * the alert's party. Every value is a uuid, a date, a number or a boolean: none needs escaping,
 * so the ages keep their plain commas.
 */
export function bookedItHref(stay: BookedStay): string {
  return (
    `/alerts/price-watch?resortId=${stay.resortId}&roomId=${stay.roomId}` +
    `&checkInDate=${stay.checkInDate}&checkOutDate=${stay.checkOutDate}` +
    `&adults=${stay.numberOfAdults}&childAges=${stay.agesOfChildren.join(',')}` +
    `&accessible=${stay.accessible}`
  )
}
