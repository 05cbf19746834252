/**
 * The browser tracker (decision record 0014): a few hundred bytes, no library, no cookie, no
 * third party. Each event is one beacon to our own endpoint; nothing is sent from a loopback host
 * or to a visitor who asks not to be tracked. Called only from effects and event handlers.
 */
import {
  ANALYTICS_ENDPOINT,
  analyticsAllowed,
  CONVERSION_FALLBACK_MS,
  eventPath,
  READY_RETRY,
  type BrowserEventName,
} from '~/domain/analytics'

type Props = Record<string, string>

let state: 'waiting' | 'on' | 'off' = 'waiting'

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest('[data-cta]') : null
  const cta = target?.getAttribute('data-cta')
  if (cta) track('cta_click', { cta })
}

/** Decides once, after hydration, whether this visit is counted. */
export function startTracker() {
  if (state !== 'waiting') return
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  const allowed = analyticsAllowed({
    hostname: location.hostname,
    doNotTrack: nav.doNotTrack,
    globalPrivacyControl: nav.globalPrivacyControl,
  })
  state = allowed ? 'on' : 'off'
  if (allowed) document.addEventListener('click', onClick, true)
}

/** Runs `send` once the tracker is on, asking again every 150 ms at most 10 times; else `skip`. */
function whenReady(send: () => void, skip: () => void, attempt = 0) {
  if (state === 'on') return send()
  if (state === 'off' || attempt >= READY_RETRY.attempts) return skip()
  setTimeout(() => whenReady(send, skip, attempt + 1), READY_RETRY.intervalMs)
}

/** One beacon; fetch with keepalive where the browser has no sendBeacon or refuses it. */
function post(name: BrowserEventName, path: string, props?: Props): Promise<void> {
  const body = JSON.stringify(props ? { name, path, props } : { name, path })
  // A string beacon is text/plain, the one type the endpoint takes.
  if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, body)) return Promise.resolve()
  return fetch(ANALYTICS_ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).then(
    () => undefined,
    () => undefined,
  )
}

/** Sends one event about the page showing now (`path` defaults to it). */
export function track(name: BrowserEventName, props?: Props, path = location.pathname) {
  const at = eventPath(path)
  whenReady(
    () => void post(name, at, props),
    () => undefined,
  )
}

/**
 * The conversion event, for a navigation that waits for it: resolves once the beacon is on its
 * way, or after 800 ms at most (accounts §9), or at once when the visit is not counted.
 */
export function trackConversion(props: Props): Promise<void> {
  const at = eventPath(location.pathname)
  return new Promise((resolve) => {
    setTimeout(resolve, CONVERSION_FALLBACK_MS)
    whenReady(() => void post('conversion', at, props).then(resolve), resolve)
  })
}
