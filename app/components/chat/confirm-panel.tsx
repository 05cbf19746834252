import { Form, Link } from '@remix-run/react'
import { CHAT_TEXT } from '~/domain/chat'

const CONFIRMS = {
  delete: { text: CHAT_TEXT.confirmDelete, intent: 'delete', button: 'Delete' },
  sms: { text: CHAT_TEXT.confirmSms, intent: 'notify-sms', button: 'Send SMS' },
} as const

/** The confirm step without JavaScript: the specification's question, then a plain post. */
export function ConfirmPanel({
  kind,
  sessionId,
  cancelTo,
}: {
  kind: keyof typeof CONFIRMS
  sessionId: string
  cancelTo: string
}) {
  const confirm = CONFIRMS[kind]
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-text"
      className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <p id="confirm-text" className="font-medium text-slate-900">
        {confirm.text}
      </p>
      <Form method="post" className="mt-3 flex gap-3">
        <input type="hidden" name="intent" value={confirm.intent} />
        <input type="hidden" name="sessionId" value={sessionId} />
        <button
          type="submit"
          className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
        >
          {confirm.button}
        </button>
        <Link
          to={cancelTo}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700"
        >
          Cancel
        </Link>
      </Form>
    </div>
  )
}
