/**
 * The Disney simulator and Twilio's stand-in as a process of their own (`npm run simulator --
 * --port 9600 [--no-status-callbacks] [--no-openings]`), so that a benchmark can run workers against outside
 * services that do not share their CPU time. Workers started with
 * SIMULATOR_URL=http://127.0.0.1:9600 send https://host/path there as /host/path; the very
 * endpoints the in-process stand-ins serve through msw answer it, matched without msw's
 * per-request machinery (./endpoints.ts). It runs with the workers' environment: the outbox file
 * is theirs.
 */
import { createServer } from 'node:http'
import { parseArgs } from 'node:util'
import { getEnv } from '../app/env.server.ts'
import { configureSimulator, disneyEndpoints } from './disney.ts'
import { routerFor } from './endpoints.ts'
import { twilioEndpoints } from './twilio.ts'

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '9600' },
    // For a benchmark, which runs no web app to receive them.
    'no-status-callbacks': { type: 'boolean', default: false },
    // Every answer with nothing open: a benchmark of checks without texts.
    'no-openings': { type: 'boolean', default: false },
  },
})
const env = getEnv()
configureSimulator({
  seed: env.disney.simulatorSeed,
  expectedToken: env.disney.diningToken ?? '',
  recordCalls: false,
  ...(args['no-openings'] && { script: { dining: [], rooms: [] } }),
})
const answer = routerFor([
  ...disneyEndpoints(),
  ...twilioEndpoints(env.smsOutboxPath, {
    print: false,
    authToken: env.twilio.authToken,
    statusCallbacks: !args['no-status-callbacks'],
  }),
])

const server = createServer(async (incoming, outgoing) => {
  try {
    const [, host, ...rest] = (incoming.url ?? '/').split('/')
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value)
    const request = new Request(`https://${host}/${rest.join('/')}`, {
      method: incoming.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    const response = await answer(request)
    if (!response) {
      outgoing.writeHead(404, { 'Content-Type': 'text/plain' }).end('no simulated endpoint here')
      return
    }
    outgoing.writeHead(response.status, Object.fromEntries(response.headers))
    outgoing.end(Buffer.from(await response.arrayBuffer()))
  } catch (error) {
    outgoing.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error))
  }
})

server.listen(Number(args.port), '127.0.0.1', () =>
  console.log(`Disney and Twilio simulator on http://127.0.0.1:${args.port}`),
)
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
