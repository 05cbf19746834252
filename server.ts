/**
 * The web process: Express serving the Remix build, with msw standing in for outside services
 * whose keys are absent. `npm run dev` runs it under `remix dev`; `npm start` runs the build.
 */
import 'dotenv/config'
import { randomBytes } from 'node:crypto'
import { statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { constants } from 'node:zlib'
import { createRequestHandler } from '@remix-run/express'
import { broadcastDevReady, installGlobals, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import expressStaticGzip from 'express-static-gzip'
import express from 'express'
import onHeaders from 'on-headers'
import { pinoHttp } from 'pino-http'
import { isCrossSiteWrite } from './app/domain/cross-site.ts'
import { securityHeaders } from './app/domain/security-headers.ts'
import { getEnvOrExit } from './app/env.server.ts'
import { closeChatBus } from './app/utils/chat-events.server.ts'
import { getLogger } from './app/utils/logger.server.ts'
import { sharedPages } from './app/utils/page-cache.server.ts'
import { adminOnly, createWebMetrics, queueBoard } from './app/utils/operations.server.ts'
import { getRedis } from './app/utils/redis.server.ts'
import { requestIdFrom, runWithRequest } from './app/utils/request-context.server.ts'
import { startMocks } from './mocks/index.ts'

installGlobals({ nativeFetch: true })

const env = getEnvOrExit()
const logger = getLogger()
const mocks = startMocks(env, { calls: ['twilio', 'stripe'] })
if (mocks) logger.info('mock mode: outside services are answered by msw')

const BUILD_PATH = path.resolve('build/index.js')

async function importBuild(): Promise<ServerBuild> {
  const stamp = statSync(BUILD_PATH).mtimeMs
  return (await import(`${pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as ServerBuild
}

let build = await importBuild()
const handlerFor = (current: ServerBuild) =>
  createRequestHandler({
    build: current,
    mode: env.nodeEnv,
    getLoadContext: (req, res) => ({
      clientIp: req.ip ?? 'unknown',
      cspNonce: String(res.locals.cspNonce),
    }),
  })
let handleRequest = handlerFor(build)
let servePublicPage = sharedPages(build, env.nodeEnv, env.appUrl)

const app = express()
app.disable('x-powered-by')
// Behind a load balancer, TRUST_PROXY makes req.ip the visitor rather than the balancer.
app.set('trust proxy', env.trustProxy)
// Every request gets an id (kept from X-Request-Id when sane), in its answer and its log lines.
app.use((req, res, next) => {
  const requestId = requestIdFrom(req.get('x-request-id'))
  res.set('X-Request-Id', requestId)
  runWithRequest(requestId, next)
})
const metrics = createWebMetrics()
app.use(metrics.observe)
app.get('/metrics', metrics.serve(env.metricsToken))
// Pages are made per request, so their gzip is too: level 1 costs a fraction of the default
// level 6's CPU for a few per cent more bytes (docs/benchmarks.md, web).
app.use(compression({ level: constants.Z_BEST_SPEED }))
// The build's scripts and styles go out as compressed at build time (scripts/compress-build.ts),
// Brotli where the browser takes it; compression() leaves an encoded answer alone. They come
// before the pages' security headers: a policy means nothing on a script, and half a kilobyte on
// each of a page's forty scripts is a slower first paint on a phone. nosniff is what they need.
app.use(
  '/build',
  expressStaticGzip('public/build', {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      // Hashed names never change, so nothing is ever revalidated: no ETag or Last-Modified.
      immutable: true,
      maxAge: '1y',
      etag: false,
      lastModified: false,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    },
  }),
  // A build file that is not there (an old page asking after a deploy) is a plain 404 here, never
  // a page: the static middleware may have set its Content-Type already, which Remix would append to.
  (_req: express.Request, res: express.Response) =>
    res.status(404).type('text/plain').send('Not found'),
)
// A nonce per request for the page's inline scripts, and the security headers of every other answer.
app.use((req, res, next) => {
  const nonce = randomBytes(16).toString('base64')
  res.locals.cspNonce = nonce
  const signedIn = Boolean(
    req.get('authorization') ?? /(^|;\s*)(__Host-)?session=/.test(req.get('cookie') ?? ''),
  )
  const { 'Cache-Control': cacheControl, ...headers } = securityHeaders({
    nonce,
    path: req.path,
    production: env.isProduction,
    signedIn,
  })
  res.set(headers)
  // Set as the answer leaves, in place of a route's own (Remix appends, which gave two): one
  // Cache-Control, and never a shared-cache one for a signed-in person.
  if (cacheControl) onHeaders(res, () => res.setHeader('Cache-Control', cacheControl))
  next()
})
// Every file in public/ has an extension and no page's path does, so pages skip the disk look-up.
const publicFiles = express.static('public', { maxAge: '1h' })
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
app.use(
  pinoHttp({
    logger,
    genReqId: (_req, res) => String(res.getHeader('X-Request-Id')),
    // Probes, every few seconds from a load balancer or a monitor: not worth a line each.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/healthz/worker' },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  }),
)
// A write from another site is refused before any route sees it (app/domain/cross-site.ts).
app.use((req, res, next) => {
  const header = (name: string) => req.get(name) ?? undefined
  if (
    isCrossSiteWrite({
      method: req.method,
      path: req.path,
      host: header('host'),
      origin: header('origin'),
      secFetchSite: header('sec-fetch-site'),
      appOrigin: new URL(env.appUrl).origin,
    })
  ) {
    res.status(403).json({ message: 'Cross-site request refused.' })
    return
  }
  next()
})
app.use('/admin/queues', adminOnly, queueBoard(getRedis(), env.redisPrefix, '/admin/queues'))
// In development every page is rendered afresh, so an edited content file shows at once.
if (env.isProduction) app.get('*', (req, res, next) => servePublicPage(req, res, next))
app.all('*', (req, res, next) => handleRequest(req, res, next))

// `remix dev` sets REMIX_DEV_ORIGIN for the app server it starts; it is tooling, not configuration.
const underRemixDev = Boolean(process.env.REMIX_DEV_ORIGIN)

const server = app.listen(env.port, () => {
  logger.info(`web listening on http://localhost:${env.port}`)
  if (underRemixDev) broadcastDevReady(build)
})

if (underRemixDev) {
  const { watch } = await import('chokidar')
  watch(path.resolve('build/version.txt'), { ignoreInitial: true }).on('all', async () => {
    build = await importBuild()
    handleRequest = handlerFor(build)
    servePublicPage = sharedPages(build, env.nodeEnv, env.appUrl)
    broadcastDevReady(build)
  })
}

function shutdown(signal: string) {
  logger.info({ signal }, 'web shutting down')
  // Admins' chat event streams never end by themselves; their browsers reconnect elsewhere.
  void closeChatBus().catch(() => undefined)
  server.close(() => {
    mocks?.close()
    process.exit(0)
  })
  setTimeout(() => process.exit(0), 10_000).unref()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
