import { useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import type { BrowserEventName } from '~/domain/analytics'
import { startTracker, track } from '~/utils/tracker'

/** In the root: starts the tracker and counts a page view on every change of route. */
export function usePageViews() {
  const { pathname } = useLocation()
  useEffect(() => startTracker(), [])
  useEffect(() => track('page_view', undefined, pathname), [pathname])
}

/** Sends `name` once when the page that calls it shows, if `when` (again if `plan` changes). */
export function useTrackOnShow(name: BrowserEventName, plan?: string, when = true) {
  useEffect(() => {
    if (when) track(name, plan ? { plan } : undefined)
  }, [name, plan, when])
}
