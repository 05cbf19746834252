/**
 * The scale of a bar chart: a round top value (1, 2 or 5 times a power of ten) at or above the
 * largest value, so the gridlines read as plain numbers, and whole-number ticks up to it.
 */
export function niceMax(largest: number): number {
  if (!(largest > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(largest))
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest) ?? 10
  return Math.max(1, step * power)
}

/**
 * Gridline values from 0 to `max` (a niceMax): at most `count` equal steps, the smallest round
 * whole step (1, 2, 2.5 or 5 times a power of ten) that divides `max`.
 */
export function ticks(max: number, count = 4): number[] {
  for (let power = 1; power <= max; power *= 10) {
    for (const factor of [1, 2, 2.5, 5]) {
      const step = factor * power
      if (Number.isInteger(step) && max % step === 0 && max / step <= count)
        return Array.from({ length: max / step + 1 }, (_, index) => index * step)
    }
  }
  return [0, max]
}

/** The height of a bar of `value` in a plot `height` high whose top is `max`. */
export function barHeight(value: number, max: number, height: number): number {
  if (max <= 0 || value <= 0) return 0
  return (Math.min(value, max) / max) * height
}

/**
 * The scale of a line of prices: a round step (1, 2, 2.5 or 5 times a power of ten) and the
 * round values at or around the lowest and highest price, so a change of a few percent shows as
 * a step rather than a flat line on an axis from 0 (a line's axis, unlike a bar's, need not start
 * at 0). At most `count` steps; one price alone gets a step either side.
 */
export function priceAxis(values: readonly number[], count = 4) {
  const lowest = Math.min(...values)
  const highest = Math.max(...values)
  const spread = Math.max(highest - lowest, highest * 0.02, 1)
  const power = 10 ** Math.floor(Math.log10(spread / count))
  const step =
    [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((size) => spread / size <= count) ??
    10 * power
  const min = Math.max(0, Math.floor(lowest / step) * step - (lowest === highest ? step : 0))
  const max = Math.ceil(highest / step) * step + (lowest === highest ? step : 0)
  const ticks = Array.from({ length: Math.round((max - min) / step) + 1 }, (_, index) =>
    Number((min + index * step).toFixed(6)),
  )
  return { min, max, ticks }
}
