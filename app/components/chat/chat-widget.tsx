import { useLocation } from '@remix-run/react'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Honeypot } from '~/components/chat/honeypot'
import { MessageList } from '~/components/chat/message-list'
import {
  MAX_MESSAGE_LENGTH,
  unreadReplies,
  WIDGET_CLOSED_POLL_MS,
  WIDGET_OPEN_POLL_MS,
  type ChatMessageJson,
} from '~/domain/chat'
import { usePolling } from '~/hooks/use-polling'
import { ErrorText } from '~/components/ui/notice'
import { StatusButton } from '~/components/ui/button'

interface Conversation {
  sessionId: string | null
  messages: ChatMessageJson[]
}

const NOT_SENT = 'Your message was not sent. Please try again.'
const field =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 focus:ring-brand-500'

/**
 * The visitor's chat: a launcher with an unread mark and a panel with the conversation. Replies
 * arrive by polling (every 3 s while open, every 15 s while closed once there is a conversation);
 * opening the panel marks them read.
 */
export default function ChatWidget({
  open,
  onOpenChange,
  signedIn,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  signedIn: boolean
}) {
  const { pathname } = useLocation()
  const [conversation, setConversation] = useState<Conversation>({ sessionId: null, messages: [] })
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [loaded, setLoaded] = useState(false)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const ids = useId()

  const refresh = useCallback(async () => {
    const response = await fetch('/api/chat/conversation', {
      headers: { Accept: 'application/json' },
    })
    if (response.ok) setConversation((await response.json()) as Conversation)
    setLoaded(true)
  }, [])

  const { sessionId, messages } = conversation
  usePolling(
    refresh,
    open ? WIDGET_OPEN_POLL_MS : WIDGET_CLOSED_POLL_MS,
    // A visitor who has never written is asked once, not every 15 s on every page.
    open || sessionId !== null || !loaded,
  )

  const unread = unreadReplies(messages)
  useEffect(() => {
    if (!open || unread === 0 || !sessionId) return
    void fetch(`/api/chat/session/${sessionId}/mark-user-read`, { method: 'POST' }).then(
      (response) => (response.ok ? refresh() : undefined),
    )
  }, [open, unread, sessionId, refresh])

  useEffect(() => {
    if (!open) return
    textarea.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onOpenChange])

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const fields = {
      message: draft,
      userName: String(form.get('userName') ?? ''),
      userEmail: String(form.get('userEmail') ?? ''),
      currentPage: pathname,
      website: String(form.get('website') ?? ''),
    }
    // zod and the schema load with the first message, not with every page the widget is on.
    const { visitorMessageSchema } = await import('~/domain/chat-schema')
    const checked = visitorMessageSchema.safeParse(fields)
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? NOT_SENT)
    setSending(true)
    setError(null)
    try {
      const response = await fetch('/api/chat/send', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(checked.data),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null
        return setError(body?.message ?? NOT_SENT)
      }
      setDraft('')
      await refresh()
    } catch {
      setError(NOT_SENT)
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      {!open && (
        <button
          type="button"
          onClick={() => onOpenChange(true)}
          // At a phone's width the header's Support link opens the chat: a floating button there would
          // sit over the page's text and controls, so it shows only to announce a reply.
          className={`bg-brand-600 hover:bg-brand-700 fixed right-4 bottom-4 z-50 items-center gap-2 rounded-full px-4 py-3 font-semibold text-white shadow-lg ${unread > 0 ? 'flex' : 'hidden sm:flex'}`}
        >
          Support chat
          {unread > 0 && (
            <span
              className="rounded-full bg-red-600 px-2 py-0.5 text-xs"
              aria-label={`${unread} unread ${unread === 1 ? 'reply' : 'replies'}`}
            >
              {unread} new
            </span>
          )}
        </button>
      )}
      {open && (
        <section
          role="dialog"
          aria-labelledby={`${ids}-title`}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 sm:rounded-2xl"
        >
          <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={`${ids}-title`} className="font-semibold text-slate-900">
              Support chat
            </h2>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
            >
              Close
            </button>
          </header>
          <div className="min-h-32 flex-1 overflow-y-auto p-4">
            <MessageList
              messages={messages}
              viewer="visitor"
              empty="Ask us anything about alerts, plans or your account. We answer here."
            />
          </div>
          <form onSubmit={send} className="space-y-2 border-t border-slate-200 p-4" noValidate>
            <label htmlFor={`${ids}-message`} className="block text-sm font-medium text-slate-700">
              Message
            </label>
            <textarea
              id={`${ids}-message`}
              ref={textarea}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={3}
              maxLength={MAX_MESSAGE_LENGTH}
              className={field}
            />
            {messages.length === 0 && (
              <div className="grid grid-cols-2 gap-2">
                <label className="block text-xs font-medium text-slate-700">
                  Name (optional)
                  <input name="userName" autoComplete="name" className={field} />
                </label>
                <label className="block text-xs font-medium text-slate-700">
                  Email (optional)
                  <input name="userEmail" type="email" autoComplete="email" className={field} />
                </label>
              </div>
            )}
            {!signedIn && <Honeypot />}
            <ErrorText>{error}</ErrorText>
            <StatusButton busy={sending} busyText="Sending..." size="sm" className="w-full">
              Send
            </StatusButton>
          </form>
        </section>
      )}
    </>
  )
}
