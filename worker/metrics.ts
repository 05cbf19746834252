import { createServer, type Server } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Queues } from './queues.ts'

/** What an operator scrapes from each worker at :WORKER_METRICS_PORT/metrics. */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'worker_' })
  return {
    registry,
    checks: new Counter({
      name: 'alert_checks_total',
      help: 'Alerts checked, by kind and result',
      labelNames: ['kind', 'result'],
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: 'upstream_calls_total',
      help: 'Calls to Disney, by endpoint family and outcome',
      labelNames: ['family', 'outcome'],
      registers: [registry],
    }),
    screenedOut: new Counter({
      name: 'questions_screened_out_total',
      help: 'Walt Disney World room-level questions answered by the multi-resort answer, without a call',
      registers: [registry],
    }),
    reasonsUnavailable: new Counter({
      name: 'upstream_reasons_unavailable_total',
      help: 'Date-wide reasons unavailable in hotel answers, by family and reason code',
      labelNames: ['family', 'reason'],
      registers: [registry],
    }),
    unmatched: new Counter({
      name: 'unmatched_answer_keys_total',
      help: 'Rooms and venues in Disney answers that matched nothing in the catalogue, by key kind',
      labelNames: ['kind'],
      registers: [registry],
    }),
    lateness: new Histogram({
      name: 'check_lateness_seconds',
      help: 'How long after its scheduled time a check ran',
      buckets: [0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 30, 60, 120, 300],
      registers: [registry],
    }),
    texts: new Counter({
      name: 'texts_total',
      help: 'Alert texts, by outcome',
      labelNames: ['status'],
      registers: [registry],
    }),
    breakerOpen: new Gauge({
      name: 'upstream_breaker_open',
      help: '1 while the breaker of a family is open',
      labelNames: ['family'],
      registers: [registry],
    }),
    lostLocks: new Counter({
      name: 'lost_locks_total',
      help: 'Jobs whose BullMQ lock was lost (stalled, or "Missing lock" when finishing): run again',
      labelNames: ['queue'],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: 'queue_jobs',
      help: 'Jobs waiting or delayed, by queue',
      labelNames: ['queue', 'state'],
      registers: [registry],
    }),
  }
}
export type Metrics = ReturnType<typeof createMetrics>

/**
 * How often the loop is sampled. Every sample wakes the process: sampling every 10 ms cost an idle
 * process about 6.6 ms of CPU a second on this machine, every 50 ms about 1.4.
 */
export const EVENT_LOOP_SAMPLE_MS = 50

/** The histogram holds the time between samples; the delay is what a sample came later than due. */
export function delayBeyondSample(intervalNs: number) {
  return Math.max(0, intervalNs / 1e6 - EVENT_LOOP_SAMPLE_MS)
}

/**
 * The event loop's delay since the worker started, p99 and max, as a gauge. Unlike the default
 * metrics' lag (reset at every scrape), it never resets, so one read at the end covers the run.
 */
export function watchEventLoop(metrics: Metrics) {
  const intervals = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS })
  intervals.enable()
  const p99Ms = () => delayBeyondSample(intervals.percentile(99))
  const maxMs = () => delayBeyondSample(intervals.max)
  new Gauge({
    name: 'event_loop_delay_seconds',
    help: 'Event-loop delay since the worker started, by quantile',
    labelNames: ['quantile'],
    registers: [metrics.registry],
    collect() {
      this.set({ quantile: '0.99' }, p99Ms() / 1000)
      this.set({ quantile: 'max' }, maxMs() / 1000)
    },
  })
  return { p99Ms, maxMs }
}

/** Serves /metrics; queue depths are read from Redis at each scrape. */
export function serveMetrics(metrics: Metrics, queues: Queues, port: number): Server {
  const server = createServer(async (req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    for (const queue of Object.values(queues)) {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'failed')
      for (const [state, count] of Object.entries(counts))
        metrics.queueDepth.set({ queue: queue.name, state }, count)
    }
    res.writeHead(200, { 'Content-Type': metrics.registry.contentType })
    res.end(await metrics.registry.metrics())
  })
  server.listen(port)
  return server
}
