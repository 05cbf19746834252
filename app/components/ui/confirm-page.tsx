import { Form, Link } from '@remix-run/react'
import { Button, buttonClass } from './button'

/**
 * A confirmation as a page of its own, for browsers without JavaScript (with it, the same
 * question is a dialog): the question, a post of `fields` to `action` with the confirm button,
 * and a link back that changes nothing.
 */
export function ConfirmPage({
  title,
  message,
  fields,
  action,
  confirmText,
  cancelText,
  cancelTo,
}: {
  title: string
  message: string
  fields: Record<string, string>
  action?: string
  confirmText: string
  cancelText: string
  cancelTo: string
}) {
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-slate-700">{message}</p>
        <Form
          method="post"
          action={action}
          className="mt-6 flex flex-col gap-3 sm:flex-row-reverse"
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" tone="danger" size="sm">
            {confirmText}
          </Button>
          <Link to={cancelTo} className={buttonClass({ tone: 'quiet', size: 'sm' })}>
            {cancelText}
          </Link>
        </Form>
      </div>
    </section>
  )
}
