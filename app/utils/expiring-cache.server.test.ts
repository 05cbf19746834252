import { describe, expect, it, vi } from 'vitest'
import { expiringCache } from './expiring-cache.server'

describe('expiringCache', () => {
  it('reads a key once while it is fresh, and again once it is not', async () => {
    const cache = expiringCache<string, number>(60_000)
    const read = vi.fn(async () => read.mock.calls.length)
    expect(await cache('a', read, 0)).toBe(1)
    expect(await cache('a', read, 59_999)).toBe(1)
    expect(await cache('b', read, 59_999)).toBe(2)
    expect(await cache('a', read, 60_000)).toBe(3)
    expect(read).toHaveBeenCalledTimes(3)
  })

  it('lets calls during a read wait for it', async () => {
    const cache = expiringCache<string, string>(1_000)
    let finish!: (value: string) => void
    const read = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)))
    const first = cache('a', read, 0)
    const second = cache('a', read, 10)
    finish('figures')
    expect(await Promise.all([first, second])).toEqual(['figures', 'figures'])
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('forgets a failed read, so the next call reads again', async () => {
    const cache = expiringCache<string, string>(60_000)
    await expect(cache('a', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down')
    expect(await cache('a', async () => 'back', 1)).toBe('back')
  })
})
