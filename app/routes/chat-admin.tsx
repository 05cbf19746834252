import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { z } from 'zod'
import { AccessDenied } from '~/components/chat/access-denied'
import { AdminConversation } from '~/components/chat/admin-conversation'
import { AdminSessionList } from '~/components/chat/admin-session-list'
import { useAdminChat } from '~/components/chat/use-admin-chat'
import { adminTitle, totalUnread } from '~/domain/chat'
import { listSessions, markRead } from '~/models/chat.server'
import { getDb } from '~/utils/db.server'
import { requireAdmin } from '~/utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTitle(data ? totalUnread(data.sessions) : 0) },
  { name: 'robots', content: 'noindex' },
]

const sessionParam = z.uuid().nullable().catch(null)

/**
 * /chat-admin: the support admin's screen (the admin role only; others are sent home). A
 * conversation opened by its link (?session=) is read, so its visitor messages are marked read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const db = getDb()
  const selectedId = sessionParam.parse(new URL(request.url).searchParams.get('session'))
  if (selectedId) await markRead(db, selectedId, 'user')
  return json(
    { sessions: await listSessions(db), selectedId },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export default function ChatAdmin() {
  const { sessions: initial, selectedId } = useLoaderData<typeof loader>()
  const chat = useAdminChat(initial, selectedId)
  const navigate = useNavigate()
  const unread = totalUnread(chat.sessions)

  useEffect(() => {
    document.title = adminTitle(unread)
  })
  // Access withdrawn while the page is open (signed out, role taken away): say so, then go home.
  useEffect(() => {
    if (!chat.denied) return
    const timer = setTimeout(() => navigate('/'), 2_000)
    return () => clearTimeout(timer)
  }, [chat.denied, navigate])
  // A conversation deleted elsewhere: back to the list.
  useEffect(() => {
    if (chat.gone) navigate('/chat-admin', { replace: true })
  }, [chat.gone, navigate])

  if (chat.denied) return <AccessDenied />
  const session = chat.sessions.find((item) => item.sessionId === selectedId)
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">Support chat</h1>
        <p className="text-sm text-slate-600">
          {unread > 0 ? `${unread} unread` : 'All caught up'}
        </p>
      </div>
      {chat.banner && (
        <p
          role="status"
          className="bg-brand-600 fixed top-20 right-4 z-50 rounded-lg px-4 py-3 font-semibold text-white shadow-lg"
        >
          New message
        </p>
      )}
      {selectedId ? (
        <AdminConversation
          key={selectedId}
          session={session}
          messages={chat.messages ?? []}
          onChanged={() => Promise.all([chat.refreshList(), chat.refreshConversation()])}
        />
      ) : (
        <AdminSessionList sessions={chat.sessions} />
      )}
    </section>
  )
}
