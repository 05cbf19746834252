import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

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
