import { useEffect, useRef } from 'react'
import { formatChatTime, type ChatMessageJson } from '~/domain/chat'
import { useHydrated } from '~/hooks/use-hydrated'

type Shown = Pick<ChatMessageJson, 'id' | 'text' | 'sender' | 'timestamp' | 'isRead'> & {
  pending?: boolean
}

/**
 * A conversation, oldest first. Text is rendered as text (React escapes it), never as HTML.
 * `viewer` decides whose messages sit on the right and how each side is named.
 */
export function MessageList({
  messages,
  viewer,
  showReadMarks = false,
  empty,
}: {
  messages: readonly Shown[]
  viewer: 'visitor' | 'support'
  showReadMarks?: boolean
  empty?: string
}) {
  const end = useRef<HTMLLIElement>(null)
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [messages.length])
  if (messages.length === 0)
    return empty ? <p className="py-6 text-center text-sm text-slate-500">{empty}</p> : null
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((message) => {
        const mine = (message.sender === 'user') === (viewer === 'visitor')
        const who =
          message.sender === 'support' ? 'Support' : viewer === 'visitor' ? 'You' : 'Customer'
        return (
          <li
            key={message.id}
            className={`flex max-w-[85%] flex-col ${mine ? 'items-end self-end' : 'items-start self-start'}`}
          >
            <p
              className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${mine ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'} ${message.pending ? 'opacity-60' : ''}`}
            >
              {message.text}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {who} · <ChatTime iso={message.timestamp} />
              {showReadMarks && message.sender === 'support' && !message.pending && (
                <> · {message.isRead ? 'Read' : 'Unread'}</>
              )}
            </p>
          </li>
        )
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  )
}

/**
 * A message's time: in the reader's own time zone once React runs in the browser; the server,
 * which does not know it, renders UTC and says so (what a reader without JavaScript sees).
 */
export function ChatTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated()
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {hydrated
        ? formatChatTime(iso)
        : `${formatChatTime(iso, new Date(), { timeZone: 'UTC' })} UTC`}
    </time>
  )
}
