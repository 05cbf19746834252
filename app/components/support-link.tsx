import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'

export const OPEN_SUPPORT_CHAT_EVENT = 'support-chat:open'

/**
 * Opens the support chat. The chat widget answers the event and cancels it; where no widget
 * is listening (or without JavaScript) the link leads to the chat's own page, /support.
 */
export function SupportLink({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation()
  return (
    <Link
      to={`/support?${new URLSearchParams({ from: pathname })}`}
      className={className}
      onClick={(event) => {
        const handled = !window.dispatchEvent(
          new Event(OPEN_SUPPORT_CHAT_EVENT, { cancelable: true }),
        )
        if (handled) event.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}
