import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigate,
  useRouteError,
} from '@remix-run/react'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { AccessDenied } from '~/components/chat/access-denied'
import { AdminConversation } from '~/components/chat/admin-conversation'
import { ErrorPage } from '~/components/error-page'
import { AdminSessionList } from '~/components/chat/admin-session-list'
import { useAdminChat } from '~/components/chat/use-admin-chat'
import { adminTitle, CHAT_TEXT, totalUnread } from '~/domain/chat'
import { listSessions, markRead } from '~/models/chat.server'
import { notifyCustomer, removeSession, replyInSession } from '~/services/chat-admin.server'
import { getDb } from '~/utils/db.server'
import { getUser, requireAdmin } from '~/utils/session.server'
import { NOINDEX } from '~/utils/seo'
import { PRIVATE } from '~/utils/http.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTitle(data ? totalUnread(data.sessions) : 0) },
  NOINDEX,
]

const sessionParam = z.catch(z.nullable(z.uuid()), null)
const confirmParam = z.catch(z.nullable(z.enum(['delete', 'sms'])), null)

/** The page's own forms, for an admin without JavaScript (with it, the screen calls the API). */
const adminIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('reply'),
    sessionId: z.uuid(),
    responseText: z.string().check(z.maxLength(4000)),
  }),
  z.object({ intent: z.literal('delete'), sessionId: z.uuid() }),
  z.object({ intent: z.literal('notify-sms'), sessionId: z.uuid() }),
])

/**
 * /chat-admin: the support admin's screen, for the admin role only: a visitor is sent home, a
 * signed-in customer told Access Denied (accounts §8). A conversation opened by its link
 * (?session=) is read, so its visitor messages are marked read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) throw redirect('/')
  if (user.role !== 'admin')
    throw json({ message: CHAT_TEXT.notAuthorized }, { status: 403, headers: PRIVATE })
  const db = getDb()
  const query = new URL(request.url).searchParams
  const selectedId = sessionParam.parse(query.get('session'))
  if (selectedId) await markRead(db, selectedId, 'user')
  return json(
    {
      sessions: await listSessions(db),
      selectedId,
      confirm: selectedId ? confirmParam.parse(query.get('confirm')) : null,
      smsSent: query.get('sms') === 'sent',
    },
    { headers: PRIVATE },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request)
  const form = await request.formData().catch(() => null)
  const parsed = adminIntent.safeParse(form ? Object.fromEntries(form) : null)
  if (!parsed.success) return json({ message: 'Send the form as a form.' }, { status: 400 })
  const input = parsed.data
  const back = `/chat-admin?session=${input.sessionId}`
  if (input.intent === 'reply') {
    // Accounts §5: empty text is not sent; the conversation shows again as it was.
    if (!input.responseText.trim()) return redirect(back)
    const result = await replyInSession(input.sessionId, input.responseText)
    return result.ok ? redirect(back) : json({ message: CHAT_TEXT.replyFailed }, { status: 400 })
  }
  if (input.intent === 'delete') {
    const result = await removeSession(input.sessionId)
    return result.ok
      ? redirect('/chat-admin')
      : json({ message: CHAT_TEXT.deleteFailed }, { status: result.status })
  }
  const result = await notifyCustomer(input.sessionId, admin.id)
  return result.ok
    ? redirect(`${back}&sms=sent`)
    : json({ message: CHAT_TEXT.smsFailed }, { status: result.status })
}

export function ErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 403 ? (
    <AccessDenied />
  ) : (
    <ErrorPage error={error} />
  )
}

export default function ChatAdmin() {
  const { sessions: initial, selectedId, confirm, smsSent } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
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
          confirm={confirm}
          serverNotice={smsSent ? CHAT_TEXT.smsSent : null}
          serverError={failed?.message ?? null}
          onChanged={() => Promise.all([chat.refreshList(), chat.refreshConversation()])}
        />
      ) : (
        <AdminSessionList sessions={chat.sessions} />
      )}
    </section>
  )
}
