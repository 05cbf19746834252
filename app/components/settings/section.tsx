import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** A card of the settings page with its heading, named for screen readers by that heading. */
export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby={id}
    >
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A page of its own for part of the Profile card (the phone number, name and email). */
export function ProfilePage({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Link to="/settings#profile" className="text-brand-700 text-sm font-semibold hover:underline">
        ← Back to Settings
      </Link>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  )
}
