import { expect, it } from 'vitest'
import {
  createMetrics,
  delayBeyondSample,
  EVENT_LOOP_SAMPLE_MS,
  watchEventLoop,
} from './metrics.ts'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('counts only what a sample came later than due: the sampling interval is not a delay', () => {
  expect(delayBeyondSample(EVENT_LOOP_SAMPLE_MS * 1e6)).toBe(0)
  expect(delayBeyondSample((EVENT_LOOP_SAMPLE_MS - 1) * 1e6)).toBe(0)
  expect(delayBeyondSample((EVENT_LOOP_SAMPLE_MS + 250) * 1e6)).toBe(250)
})

it('reports a stall of the loop, in the gauge the benchmark reads', async () => {
  const metrics = createMetrics()
  const eventLoop = watchEventLoop(metrics)
  await wait(2 * EVENT_LOOP_SAMPLE_MS) // the histogram starts at its first sample
  const stalledUntil = Date.now() + 300
  while (Date.now() < stalledUntil); // the loop held for 300 ms
  await wait(2 * EVENT_LOOP_SAMPLE_MS)
  // A sample falls due up to one interval into the stall, and Date.now's whole milliseconds may
  // end the stall a fraction early: the floor leaves a second interval for both.
  const floorMs = 300 - 2 * EVENT_LOOP_SAMPLE_MS
  expect(eventLoop.maxMs()).toBeGreaterThanOrEqual(floorMs)
  const exported = await metrics.registry.getSingleMetricAsString('event_loop_delay_seconds')
  const maxSeconds = Number(/quantile="max"\} ([\d.e+-]+)/.exec(exported)?.[1])
  expect(maxSeconds).toBeGreaterThanOrEqual(floorMs / 1000)
})
