import { useLocation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A disclosure menu on <details>: it opens and closes without JavaScript, and with it closes on
 * navigation, on Escape and on a click elsewhere, as a menu should.
 */
export function Menu({
  label,
  children,
  className = '',
  summaryClassName = '',
  panelClassName = '',
}: {
  label: ReactNode
  children: ReactNode
  className?: string
  summaryClassName?: string
  panelClassName?: string
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  useEffect(() => {
    ref.current?.removeAttribute('open')
  }, [location.key])

  useEffect(() => {
    function close(event: Event) {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        details.removeAttribute('open')
        details.querySelector('summary')?.focus()
        return
      }
      if (!details.contains(event.target as Node)) details.removeAttribute('open')
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
    }
  }, [])

  return (
    <details ref={ref} className={`relative ${className}`}>
      <summary className={`cursor-pointer select-none ${summaryClassName}`}>{label}</summary>
      <div className={panelClassName}>{children}</div>
    </details>
  )
}
