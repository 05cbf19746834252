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
      'routes/payment.$plan',
    ])
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
})
