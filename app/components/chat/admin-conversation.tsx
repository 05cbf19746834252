import { Link, useNavigate } from '@remix-run/react'
import { useState, type FormEvent } from 'react'
import { ConfirmPanel } from '~/components/chat/confirm-panel'
import { MessageList } from '~/components/chat/message-list'
import {
  CHAT_TEXT,
  checkReply,
  MAX_MESSAGE_LENGTH,
  sessionLabel,
  type ChatMessageJson,
  type ChatSessionJson,
} from '~/domain/chat'
import { useHydrated } from '~/hooks/use-hydrated'
import { Button } from '~/components/ui/button'
import { ErrorText } from '~/components/ui/notice'

type Shown = ChatMessageJson & { pending?: boolean }

const button = 'rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60'
const secondary = `${button} border border-slate-300 text-slate-700 hover:bg-slate-50`
const danger = `${button} border border-red-300 text-red-700 hover:bg-red-50`

/**
 * One conversation: the messages (support's with Read or Unread), the reply form (applied at once
 * and rolled back with the text restored if the server refuses), delete and SMS notification.
 * Without JavaScript the reply is a plain post and delete and SMS go through a confirm step in
 * the URL (`confirm=delete|sms`), posted to the page's own action.
 */
export function AdminConversation({
  session,
  messages,
  onChanged,
  confirm,
  serverNotice,
  serverError,
}: {
  session: ChatSessionJson | undefined
  messages: ChatMessageJson[]
  onChanged: () => Promise<unknown>
  confirm: 'delete' | 'sms' | null
  serverNotice: string | null
  serverError: string | null
}) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState<Shown[]>([])
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const sessionId = session?.sessionId ?? messages[0]?.sessionId
  const check = checkReply(draft, messages)

  async function reply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!check.ok) return
    const now = new Date().toISOString()
    const optimistic: Shown = {
      ...(messages[0] as ChatMessageJson),
      id: `pending-${now}`,
      text: check.text,
      message: check.text,
      sender: 'support',
      timestamp: now,
      created: now,
      isRead: false,
      replyToMessageId: check.replyToMessageId,
      replyTo: check.replyToMessageId,
      pending: true,
    }
    setPending((list) => [...list, optimistic])
    setDraft('')
    setError(null)
    try {
      const response = await fetch('/api/chat/respond', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ messageId: check.replyToMessageId, responseText: check.text }),
      })
      if (!response.ok) throw new Error(`respond answered ${response.status}`)
      await onChanged()
    } catch {
      setError(CHAT_TEXT.replyFailed)
      setDraft((current) => current || check.text)
    } finally {
      setPending((list) => list.filter((message) => message.id !== optimistic.id))
    }
  }

  async function remove() {
    if (!sessionId || !window.confirm(CHAT_TEXT.confirmDelete)) return
    setBusy(true)
    try {
      const response = await fetch(`/api/chat/session/${sessionId}`, { method: 'DELETE' })
      const body = (await response.json().catch(() => null)) as { success?: boolean } | null
      if (!response.ok || !body?.success) throw new Error(`delete answered ${response.status}`)
      await onChanged()
      navigate('/chat-admin')
    } catch {
      setError(CHAT_TEXT.deleteFailed)
    } finally {
      setBusy(false)
    }
  }

  async function notify() {
    if (!sessionId || !window.confirm(CHAT_TEXT.confirmSms)) return
    setBusy(true)
    setNotice(null)
    try {
      const response = await fetch(`/api/chat/session/${sessionId}/notify-sms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
      const body = (await response.json().catch(() => null)) as { message?: string } | null
      if (!response.ok) throw new Error(body?.message ?? `notify-sms answered ${response.status}`)
      setError(null)
      setNotice(CHAT_TEXT.smsSent)
    } catch (failure) {
      console.error('SMS notification failed:', failure)
      setError(CHAT_TEXT.smsFailed)
    } finally {
      setBusy(false)
    }
  }

  // The saved reply can arrive (pushed event or poll) before the post answers: from then on the
  // saved one is shown, not both.
  const saved = (reply: Shown) =>
    messages.some(
      (message) =>
        message.sender === 'support' &&
        message.text === reply.text &&
        message.replyToMessageId === reply.replyToMessageId,
    )
  const shown: Shown[] = [...messages, ...pending.filter((reply) => !saved(reply))]
  const here = `/chat-admin?session=${sessionId}`
  const shownError = error ?? serverError
  const shownNotice = notice ?? serverNotice
  const page = [...messages].reverse().find((message) => message.currentPage)?.currentPage
  return (
    <section className="mt-4">
      <Link to="/chat-admin" className="text-brand-700 text-sm font-medium underline">
        {CHAT_TEXT.back}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            {session ? sessionLabel(session) : 'Conversation'}
          </h2>
          <p className="text-sm text-slate-500">
            {session?.isAnonymous ? 'Anonymous visitor' : 'Signed-in customer'}
            {session?.userEmail && ` · ${session.userEmail}`}
            {page && ` · last on ${page}`}
          </p>
        </div>
        <div className="flex gap-2">
          {session?.canNotifySms &&
            (hydrated ? (
              <button type="button" onClick={notify} disabled={busy} className={secondary}>
                Send SMS notification
              </button>
            ) : (
              <Link to={`${here}&confirm=sms`} className={secondary}>
                Send SMS notification
              </Link>
            ))}
          {hydrated ? (
            <button type="button" onClick={remove} disabled={busy} className={danger}>
              Delete conversation
            </button>
          ) : (
            <Link to={`${here}&confirm=delete`} className={danger}>
              Delete conversation
            </Link>
          )}
        </div>
      </div>
      {confirm && sessionId && (
        <ConfirmPanel kind={confirm} sessionId={sessionId} cancelTo={here} />
      )}
      {shownNotice && (
        <p role="status" className="mt-3 text-sm text-green-700">
          {shownNotice}
        </p>
      )}
      <div className="mt-4 max-h-[60vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4">
        <MessageList messages={shown} viewer="support" showReadMarks empty="No messages." />
      </div>
      <form method="post" onSubmit={reply} className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <label htmlFor="reply" className="block text-sm font-medium text-slate-700">
          Reply
        </label>
        <textarea
          id="reply"
          name="responseText"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          rows={3}
          maxLength={MAX_MESSAGE_LENGTH}
          className="focus:border-brand-500 focus:ring-brand-500 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
        <ErrorText>{shownError}</ErrorText>
        <Button type="submit" size="sm" className="text-sm" disabled={hydrated && !check.ok}>
          Send reply
        </Button>
      </form>
    </section>
  )
}
