import { useEffect, useRef } from 'react'

/**
 * Runs a task now and every `intervalMs` while enabled, skipping turns while the tab is hidden.
 * The newest task is always the one run; a failed turn is simply tried again at the next.
 */
export function usePolling(task: () => unknown, intervalMs: number, enabled = true) {
  const latest = useRef(task)
  useEffect(() => {
    latest.current = task
  })
  useEffect(() => {
    if (!enabled) return
    const run = () => {
      if (document.visibilityState === 'hidden') return
      Promise.resolve()
        .then(() => latest.current())
        .catch(() => undefined)
    }
    run()
    const timer = setInterval(run, intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, enabled])
}
