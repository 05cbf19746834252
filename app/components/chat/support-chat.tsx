import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { OPEN_SUPPORT_CHAT_EVENT } from '~/components/support-link'
import { useHydrated } from '~/hooks/use-hydrated'

// Loaded in the browser after hydration only: never part of the server render or the first paint.
const ChatWidget = lazy(() => import('~/components/chat/chat-widget'))

/** Pages that are the chat themselves have no widget; their links go to them as links. */
const WITHOUT_WIDGET = ['/support', '/chat-admin']

/**
 * The support chat on every page. Listens for the open-chat event of the Contact Support and
 * Live Support controls from the moment React runs, and loads the widget itself lazily.
 */
export function SupportChat({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const hidden = WITHOUT_WIDGET.includes(pathname)

  useEffect(() => {
    if (hidden) return
    const onOpen = (event: Event) => {
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpen)
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpen)
  }, [hidden])

  if (!hydrated || hidden) return null
  return (
    <Suspense fallback={null}>
      <ChatWidget open={open} onOpenChange={setOpen} signedIn={signedIn} />
    </Suspense>
  )
}
