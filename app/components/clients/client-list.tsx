import { Link } from '@remix-run/react'
import { alertsText } from '~/domain/client-settings'

/** A client as the list shows it: the phone formatted, the consent in words. */
export interface ClientShown {
  id: string
  name: string
  note: string | null
  phone: string | null
  email: string | null
  consent: string
  alerts: number
}

export const clientHref = (id: string) => `/settings/clients/${id}`
export const reportHref = (id: string) => `/settings/clients/${id}/report`

/** The account's clients by name, each with its page and its report. */
export function ClientList({ clients }: { clients: readonly ClientShown[] }) {
  if (clients.length === 0)
    return (
      <p className="mt-4 text-slate-600">
        No clients yet. Add one, then choose it on an alert to tell its alerts apart.
      </p>
    )
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {clients.map((client) => (
        <li key={client.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:justify-between">
          <div className="min-w-0">
            <Link
              to={clientHref(client.id)}
              className="text-brand-700 text-lg font-semibold hover:underline"
            >
              {client.name}
            </Link>
            {client.note && <p className="text-sm break-words text-slate-600">{client.note}</p>}
            <p className="mt-1 text-sm text-slate-700">
              {[client.phone ?? 'No mobile number', client.email].filter(Boolean).join(' · ')}
            </p>
          </div>
          <div className="flex shrink-0 flex-col gap-1 text-sm sm:items-end">
            <span className="font-medium text-slate-800">{client.consent}</span>
            <span className="text-slate-600">{alertsText(client.alerts)}</span>
            <Link
              to={reportHref(client.id)}
              className="text-brand-700 font-semibold hover:underline"
              aria-label={`Report of ${client.name}`}
            >
              Report
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
