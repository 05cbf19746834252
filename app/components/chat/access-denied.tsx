import { Link } from '@remix-run/react'
import { CHAT_TEXT } from '~/domain/chat'

/** What the admin screen shows while access is not granted (accounts §2, §8). */
export function AccessDenied() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-semibold text-slate-900">{CHAT_TEXT.accessDenied}</h1>
      <p className="mt-3 text-slate-600">{CHAT_TEXT.notAuthorized}</p>
      <Link to="/" className="text-brand-700 mt-6 inline-block font-medium underline">
        Go to the home page
      </Link>
    </section>
  )
}
