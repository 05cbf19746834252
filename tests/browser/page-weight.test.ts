import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { JS_BUDGET_KB, PUBLIC_PATHS } from '../support/public-pages.ts'
import { matchRouteChain, pageJavaScript, readManifest } from '../support/page-javascript.ts'

// Counted from the build, not timed: the same build always gives the same figure.
describe('the JavaScript each public page loads', () => {
  it('finds the route that renders a path', () => {
    const manifest = readManifest()
    expect(matchRouteChain(manifest, '/')).toEqual(['root', 'routes/_index'])
    expect(matchRouteChain(manifest, '/alerts/hotels')).toEqual(['root', 'routes/alerts.hotels'])
    expect(matchRouteChain(manifest, '/payment/magic-hour')).toEqual([
      'root',
      'routes/payment.($plan)',
    ])
    // /payment with no plan is the same page, which says Invalid Plan.
    expect(matchRouteChain(manifest, '/payment')).toEqual(['root', 'routes/payment.($plan)'])
    expect(matchRouteChain(manifest, '/no/such/page')).toEqual(['root', 'routes/$'])
  })

  it.each(PUBLIC_PATHS)(`%s loads at most ${JS_BUDGET_KB} kB gzipped`, (pathname) => {
    const { gzipBytes, files } = pageJavaScript(pathname)
    expect(files.length).toBeGreaterThan(2)
    expect(
      gzipBytes / 1024,
      files.map((f) => `${f.file} ${f.gzipBytes}`).join('\n'),
    ).toBeLessThanOrEqual(JS_BUDGET_KB)
  })

  // Remix's compiler gives the browser `module.exports = {}` for each *.server module a route
  // imports; unless esbuild may drop it (patches/@remix-run+dev+*.patch, decision 0017) each
  // becomes a request for an empty chunk.
  it.each(PUBLIC_PATHS)('%s loads no empty stand-in for server code', (pathname) => {
    const stubs = pageJavaScript(pathname).files.filter(({ file }) =>
      /\w\.exports=\{\}\}\)/.test(readFileSync(`public${file}`, 'utf8')),
    )
    expect(stubs.map(({ file }) => file)).toEqual([])
  })
})
