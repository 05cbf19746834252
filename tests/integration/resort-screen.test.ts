/** The multi-resort screen's answers, kept in Redis and shared (decision 0033). */
import { describe, expect, it } from 'vitest'
import { UpstreamFault } from '../../worker/upstream/errors.ts'
import { screen } from '../support/worker-harness.ts'

const MINUTE = 60_000

describe('ResortScreen', () => {
  it('asks once for concurrent callers and keeps the answer for younger-than-interval reads', async () => {
    let calls = 0
    const ask = async () => {
      calls++
      return ['pop-century-resort']
    }
    const now = Date.now()
    const [a, b] = await Promise.all([
      screen.addresses('stay', 2 * MINUTE, ask, now),
      screen.addresses('stay', 2 * MINUTE, ask, now),
    ])
    expect(calls).toBe(1)
    expect([...a!]).toEqual(['pop-century-resort'])
    expect(b).toBe(a)
    // A minute on: young enough for a 2-minute question, not for a 30-second one.
    await screen.addresses('stay', 2 * MINUTE, ask, now + MINUTE)
    expect(calls).toBe(1)
    await screen.addresses('stay', MINUTE / 2, ask, now + MINUTE)
    expect(calls).toBe(2)
  })

  it('says nothing (null) when Disney cannot answer, and keeps nothing, so the next asks again', async () => {
    const fault = async (): Promise<string[]> => {
      throw new UpstreamFault('wdw-all-resorts', 'http', 'answered 503')
    }
    expect(await screen.addresses('stay', MINUTE, fault)).toBeNull()
    expect(await screen.addresses('stay', MINUTE, async () => [])).toEqual(new Set())
  })

  it('lets any other failure through', async () => {
    const broken = async (): Promise<string[]> => {
      throw new TypeError('a bug')
    }
    await expect(screen.addresses('stay', MINUTE, broken)).rejects.toThrow('a bug')
  })
})
