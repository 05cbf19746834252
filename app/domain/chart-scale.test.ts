import { describe, expect, it } from 'vitest'
import { barHeight, niceMax, priceAxis, ticks } from './chart-scale'

describe('niceMax', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [0.4, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [23, 50],
    [99, 100],
    [101, 200],
    [4_999, 5_000],
    [5_001, 10_000],
  ])('rounds %d up to %d', (largest, expected) => {
    expect(niceMax(largest)).toBe(expected)
  })
})

describe('ticks', () => {
  it.each([
    [1, [0, 1]],
    [2, [0, 1, 2]],
    [5, [0, 5]],
    [10, [0, 5, 10]],
    [20, [0, 5, 10, 15, 20]],
    [50, [0, 25, 50]],
    [100, [0, 25, 50, 75, 100]],
    [2_000, [0, 500, 1_000, 1_500, 2_000]],
  ])('splits %d into equal round steps', (max, expected) => {
    expect(ticks(max)).toEqual(expected)
  })

  it('always starts at 0 and ends at the top', () => {
    for (const max of [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000])
      expect(ticks(max)).toEqual(expect.arrayContaining([0, max]))
  })
})

describe('barHeight', () => {
  it('is proportional to the value', () => {
    expect(barHeight(50, 100, 200)).toBe(100)
    expect(barHeight(100, 100, 200)).toBe(200)
  })

  it('is zero for nothing and never taller than the plot', () => {
    expect(barHeight(0, 100, 200)).toBe(0)
    expect(barHeight(5, 0, 200)).toBe(0)
    expect(barHeight(500, 100, 200)).toBe(200)
  })
})

describe('priceAxis', () => {
  it('frames prices with round steps around them, not from 0', () => {
    expect(priceAxis([2400, 2240, 2320])).toEqual({
      min: 2200,
      max: 2400,
      ticks: [2200, 2250, 2300, 2350, 2400],
    })
    expect(priceAxis([596, 601.5])).toEqual({ min: 595, max: 605, ticks: [595, 600, 605] })
  })

  it('gives one price a step either side, and never goes below 0', () => {
    expect(priceAxis([2400])).toEqual({ min: 2380, max: 2420, ticks: [2380, 2400, 2420] })
    expect(priceAxis([0]).min).toBe(0)
  })
})
