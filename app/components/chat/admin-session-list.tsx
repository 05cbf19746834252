import { Link } from '@remix-run/react'
import { ChatTime } from '~/components/chat/message-list'
import { sessionLabel, type ChatSessionJson } from '~/domain/chat'

/** The admin's list of conversations, newest activity first; each opens its conversation. */
export function AdminSessionList({ sessions }: { sessions: readonly ChatSessionJson[] }) {
  if (sessions.length === 0) return <p className="mt-6 text-slate-600">No conversations yet.</p>
  return (
    <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {sessions.map((session) => (
        <li key={session.sessionId}>
          <Link
            to={`/chat-admin?session=${session.sessionId}`}
            className="flex items-start justify-between gap-4 px-4 py-3 hover:bg-slate-50"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {sessionLabel(session)}
                {session.userEmail && session.userName && (
                  <span className="ml-2 text-sm font-normal text-slate-500">
                    {session.userEmail}
                  </span>
                )}
              </p>
              <p className="truncate text-sm text-slate-600">
                {session.lastMessage?.sender === 'support' ? 'You: ' : ''}
                {session.lastMessage?.text}
              </p>
              <p className="text-xs text-slate-500">
                {session.isAnonymous ? 'Anonymous visitor' : 'Signed-in customer'}
              </p>
            </div>
            <div className="shrink-0 text-right">
              {session.lastMessage && (
                <ChatTime
                  className="block text-xs text-slate-500"
                  iso={session.lastMessage.timestamp}
                />
              )}
              {session.unreadCount > 0 && (
                <span className="mt-1 inline-block rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                  {session.unreadCount} unread
                </span>
              )}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}
