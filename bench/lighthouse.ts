/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on every public page
 * of the production build, served with mocks as the browser tests serve it. Build first:
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [--path /login --scripts]
 *
 * Prints one row per page: the performance score, as the median of the runs in which headless
 * Chrome painted the page before it finished loading, beside the median of all runs and the count
 * of runs in which it did not (its compositor withheld frames for a second or two:
 * GoogleChrome/lighthouse#17148; Lantern then counts every request as holding up the paint); the
 * JavaScript the page loaded while Lighthouse watched (lazy chunks included), as gzipped bodies and
 * as Lighthouse's transfer size, which adds each response's headers (about 1 kB each over HTTP/1.1
 * here; HTTP/2 compresses them); Largest Contentful Paint, Total Blocking Time, Cumulative Layout
 * Shift, each the median of the same runs as the score (of all runs when every run stalled).
 * `--path` (repeatable) measures only those pages; `--scripts` lists, for each run, every script
 * the page loaded with its transfer size, the element Lighthouse took for the largest paint, and
 * the load, first paint and largest paint Chrome observed.
 *
 *   npm run build && npm run bench:lighthouse -- --cold --runs 3 [--path /login]
 *
 * `--cold` measures as issue 32 does, as someone else's tool would: the Lighthouse CLI as a child
 * process per run, each starting its own headless Debian Chromium in a fresh profile, and no
 * request to a page before its first run (the server answers it cold). It prints, per page, the
 * median score of the runs beside each run's score, the medians of First and Largest Contentful
 * Paint, Total Blocking Time and Cumulative Layout Shift, the number of scripts the page loaded
 * (median; lazy chunks included), the runs headless Chrome stalled (see above; counted in the
 * score, as the CLI counts them), and the load average before and after the page; at the end,
 * whether the build changed while it ran.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs, promisify } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { dropDatabase } from '../db/migrator.ts'
import { setUpDatabase } from '../db/seed.ts'
import { startBuiltApp } from '../tests/support/app-server.ts'
import { databaseUrl, uniqueName } from '../tests/support/databases.ts'
import { JS_BUDGET_KB, PUBLIC_PATHS } from '../tests/support/public-pages.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    path: { type: 'string', multiple: true },
    scripts: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1')

interface Figures {
  score: number
  jsKb: number
  transferKb: number
  lcpMs: number
  tbtMs: number
  cls: number
  /**
   * The page had loaded before headless Chrome painted it at all: its compositor withheld frames
   * for a whole second or two (GoogleChrome/lighthouse#17148, seen on PageSpeed Insights too),
   * and Lantern then counts every request of the load as holding up the first paint.
   */
  stalled: boolean
}

interface NetworkRequest {
  url: string
  resourceType?: string
  transferSize?: number
}

/** A response body's size as sent with gzip, headers left out. */
function gzippedBytes(url: string) {
  return new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    }).on('error', reject)
  })
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })
    ?.items ?? []) as NetworkRequest[]
  const scripts = requests.filter((request) => request.resourceType === 'Script')
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0]
  if (values.scripts) {
    for (const script of scripts)
      console.log(`  ${script.transferSize} ${new URL(script.url).pathname}`)
    // Which element Lighthouse took for the largest paint, and when the page first painted.
    const lcp = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined
    const node = lcp?.items?.[0]?.items?.[0]?.node
    console.log(`  LCP element: ${node?.selector} ${node?.snippet?.slice(0, 120)}`)
    console.log(
      `  observed, unthrottled: load ${observed?.observedLoad} ms, first paint ${observed?.observedFirstPaint} ms, largest ${observed?.observedLargestContentfulPaint} ms`,
    )
  }
  const transferBytes = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0)
  const bodies = await Promise.all(scripts.map((script) => gzippedBytes(script.url)))
  const scriptBytes = bodies.reduce((sum, bytes) => sum + bytes, 0)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    jsKb: scriptBytes / 1024,
    transferKb: transferBytes / 1024,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    stalled: (observed?.observedLoad ?? 0) < (observed?.observedFirstPaint ?? 0),
  }
}

function median(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

interface ColdFigures {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Scripts the page asked for, lazy chunks included. */
  scripts: number
  /**
   * Lighthouse's own measure of the machine's CPU at the run (`environment.benchmarkIndex`):
   * the mobile preset's 4x slowdown assumes a fast desktop, so a low index means every task,
   * hydration included, is counted slower than a phone would run it.
   */
  benchmarkIndex: number
  stalled: boolean
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const LIGHTHOUSE_CLI = fileURLToPath(new URL('../node_modules/.bin/lighthouse', import.meta.url))
const execFileAsync = promisify(execFile)

/** One run of the Lighthouse CLI, which starts (and ends) a Chromium of its own in a fresh profile. */
async function coldRun(url: string): Promise<ColdFigures> {
  const { stdout } = await execFileAsync(
    LIGHTHOUSE_CLI,
    [
      url,
      '--chrome-flags=--headless=new --no-sandbox',
      '--only-categories=performance',
      '--output=json',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 1024 * 1024 },
  )
  const lhr = JSON.parse(stdout) as Lhr
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })
    ?.items ?? []) as NetworkRequest[]
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0]
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scripts: requests.filter((request) => request.resourceType === 'Script').length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    stalled: (observed?.observedLoad ?? 0) < (observed?.observedFirstPaint ?? 0),
  }
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')

/** Issue 32's measurement: `runs` cold CLI runs per page, no warm-up request, plain medians. */
async function coldBench(baseUrl: string, paths: readonly string[]) {
  const rows: string[] = []
  const scores: { path: string; score: number }[] = []
  for (const path of paths) {
    const before = loadAverage()
    const figures: ColdFigures[] = []
    for (let run = 0; run < runs; run++) figures.push(await coldRun(`${baseUrl}${path}`))
    const pick = (key: Exclude<keyof ColdFigures, 'stalled'>) =>
      median(figures.map((figure) => figure[key]))
    const score = pick('score')
    scores.push({ path, score })
    rows.push(
      `| ${path} | ${score} | ${figures.map((figure) => figure.score).join(', ')} | ${(pick('fcpMs') / 1000).toFixed(2)} | ${(pick('lcpMs') / 1000).toFixed(2)} | ${Math.round(pick('tbtMs'))} | ${pick('cls').toFixed(3)} | ${pick('scripts')} | ${Math.round(pick('benchmarkIndex'))} | ${figures.filter((figure) => figure.stalled).length} | ${before} → ${loadAverage()} |`,
    )
    console.error(rows.at(-1))
  }
  console.log(
    `| path | performance (median) | runs | FCP (s) | LCP (s) | TBT (ms) | CLS | scripts | CPU index | stalled runs | load average before → after |`,
  )
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`)
  for (const row of rows) console.log(row)
  const failing = scores.filter((row) => row.score < 95)
  console.log(
    failing.length
      ? `Below 95: ${failing.map((row) => `${row.path} (${row.score})`).join(', ')}`
      : 'Every page scores at least 95.',
  )
}

// The server keeps the build it starts with; a build made meanwhile (by anyone in the same working
// copy) replaces the scripts on disk, and the pages measured after it miss some.
const build = readFileSync('build/version.txt', 'utf8')
const name = uniqueName('lighthouse')
const url = databaseUrl(name)
await setUpDatabase(url)
const app = await startBuiltApp({ databaseUrl: url, redisPrefix: name })
if (values.cold) {
  const started = loadAverage()
  try {
    await coldBench(app.baseUrl, values.path ?? PUBLIC_PATHS)
  } finally {
    await app.stop()
    await dropDatabase(url)
  }
  console.log(`Load average: ${started} at the start, ${loadAverage()} at the end.`)
  if (readFileSync('build/version.txt', 'utf8') !== build)
    console.log('The build changed during the run: the figures are not of one build.')
  process.exit(0)
}
// The flags this machine's Chromium needs (see tests/support/browser.ts), in a fresh profile.
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
})
type Row = Omit<Figures, 'stalled'> & { path: string; allRunsScore: number; stalled: number }
const rows: Row[] = []
try {
  for (const path of values.path ?? PUBLIC_PATHS) {
    const figures: Figures[] = []
    // A running server has served each page before; the first answer after start-up also pays
    // for warming the route's code and caches, which no visitor of a live site waits for.
    await gzippedBytes(`${app.baseUrl}${path}`)
    for (let run = 0; run < runs; run++)
      figures.push(await measure(`${app.baseUrl}${path}`, chrome.port))
    // The medians of the runs Chrome did not stall; all of them only if it stalled every one.
    const painted = figures.filter((figure) => !figure.stalled)
    const counted = painted.length ? painted : figures
    const pick = (key: Exclude<keyof Figures, 'stalled'>) =>
      median(counted.map((figure) => figure[key]))
    rows.push({
      path,
      allRunsScore: median(figures.map((figure) => figure.score)),
      stalled: figures.length - painted.length,
      score: pick('score'),
      jsKb: pick('jsKb'),
      transferKb: pick('transferKb'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
    })
  }
} finally {
  chrome.kill()
  await app.stop()
  await dropDatabase(url)
}

console.log(
  `| path | performance | all runs | stalled runs | JS gz (kB) | JS transfer (kB) | LCP (s) | TBT (ms) | CLS |`,
)
console.log(`| --- | --- | --- | --- | --- | --- | --- | --- | --- |`)
for (const row of rows) {
  console.log(
    `| ${row.path} | ${row.score} | ${row.allRunsScore} | ${row.stalled} of ${runs} | ${row.jsKb.toFixed(1)} | ${row.transferKb.toFixed(1)} | ${(row.lcpMs / 1000).toFixed(2)} | ${Math.round(row.tbtMs)} | ${row.cls.toFixed(3)} |`,
  )
}
const failing = rows.filter((row) => row.score < 95 || row.jsKb > JS_BUDGET_KB)
console.log(
  failing.length
    ? `Below target (performance ≥ 95, JS ≤ ${JS_BUDGET_KB} kB): ${failing.map((row) => row.path).join(', ')}`
    : `Every page meets the target (performance ≥ 95, JS ≤ ${JS_BUDGET_KB} kB).`,
)
process.exit(0)
