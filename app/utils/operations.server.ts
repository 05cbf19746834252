/**
 * What an operator looks at on the web process: Prometheus metrics (request latency by kind,
 * texts' delivery outcomes, event-loop delay and the process's defaults) and Bull Board over the worker's queues, the
 * board behind the admin role.
 */
import { createBullBoard } from '@bull-board/api'
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter'
import { ExpressAdapter } from '@bull-board/express'
import type { NextFunction, Request, Response } from 'express'
import type { Redis } from 'ioredis'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'
import { createQueues } from '../../worker/queues.ts'
import { deliveriesCounter } from '~/utils/delivery-metrics.server'
import { authenticate } from '~/utils/session.server'

/** A request's kind, so the latency series stay few whatever paths people try. */
function kindOf(req: Request): string {
  if (req.path.startsWith('/build/') || /\.\w+$/.test(req.path)) return 'static'
  if (req.path.startsWith('/api/')) return 'api'
  if (req.path.startsWith('/webhooks/')) return 'webhook'
  if ('_data' in req.query) return 'data'
  return 'page'
}

export function createWebMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'web_' })
  const latency = new Histogram({
    name: 'web_request_duration_seconds',
    help: 'Time to answer a request, by kind, method and status class',
    labelNames: ['kind', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  registry.registerMetric(deliveriesCounter())
  return {
    /** Times every answer. */
    observe(req: Request, res: Response, next: NextFunction) {
      const end = latency.startTimer({ kind: kindOf(req), method: req.method })
      res.on('finish', () => end({ status: `${Math.floor(res.statusCode / 100)}xx` }))
      next()
    },
    /** GET /metrics for the loopback (a scraper beside the process) or a holder of the token. */
    serve(token: string | undefined) {
      return async (req: Request, res: Response) => {
        const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(
          req.socket.remoteAddress ?? '',
        )
        const bearer = token !== undefined && req.get('authorization') === `Bearer ${token}`
        if (!local && !bearer) {
          res.status(404).end()
          return
        }
        res.set('Content-Type', registry.contentType).send(await registry.metrics())
      }
    },
  }
}

/** Pages for the admin role only; anyone else is sent home, as by `requireAdmin`. */
export async function adminOnly(req: Request, res: Response, next: NextFunction) {
  const request = new Request(`http://local${req.originalUrl}`, {
    headers: { cookie: req.get('cookie') ?? '', authorization: req.get('authorization') ?? '' },
  })
  const found = await authenticate(request).catch(() => null)
  if (found?.user.role !== 'admin') {
    res.redirect(302, '/')
    return
  }
  res.set('Cache-Control', 'private, no-store')
  next()
}

/** Bull Board over the worker's queues, mounted at `basePath`. */
export function queueBoard(connection: Redis, redisPrefix: string, basePath: string) {
  const adapter = new ExpressAdapter()
  adapter.setBasePath(basePath)
  const queues = createQueues(connection, redisPrefix)
  for (const queue of Object.values(queues)) queue.on('error', () => undefined)
  createBullBoard({
    queues: Object.values(queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Disney Hotel Alerts queues' } },
  })
  return adapter.getRouter()
}
