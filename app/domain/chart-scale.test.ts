import { describe, expect, it } from 'vitest'
import { barHeight, niceMax, ticks } from './chart-scale'

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
  it('splits a round top into whole steps', () => {
    expect(ticks(100)).toEqual([0, 25, 50, 75, 100])
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20])
    expect(ticks(5)).toEqual([0, 2, 4, 5])
  })

  it('never repeats or skips the top on a small scale', () => {
    expect(ticks(1)).toEqual([0, 1])
    expect(ticks(2)).toEqual([0, 1, 2])
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
