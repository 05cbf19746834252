import { Link, useLocation } from '@remix-run/react'
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

/** A menu entry with a title and a hint: a link, or a button when it acts in the page. */
export function MenuItem({
  title,
  hint,
  to,
  onClick,
}: { title: string; hint: string } & (
  { to: string; onClick?: never } | { to?: never; onClick: () => void }
)) {
  const text = (
    <>
      <span className="block font-semibold text-slate-900">{title}</span>
      <span className="block text-sm text-slate-500">{hint}</span>
    </>
  )
  const look = 'hover:bg-brand-50 block w-full rounded-lg px-4 py-3 text-left'
  if (to !== undefined)
    return (
      <Link to={to} className={look}>
        {text}
      </Link>
    )
  return (
    <button type="button" onClick={onClick} className={look}>
      {text}
    </button>
  )
}
