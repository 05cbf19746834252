import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { assertAlertId } from '~/models/alert-rules.server'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { requireUser } from '~/utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Delete alert | Disney Hotel Alerts' }]

/** The delete confirmation as a page, for browsers without JavaScript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const notFound = () => new Response('Not Found', { status: 404 })
  try {
    assertAlertId(params.id)
  } catch {
    throw notFound()
  }
  const kind = params.kind
  if (kind === 'hotel') {
    const [alert] = await listHotelAlerts(getDb(), user.id, [params.id])
    if (!alert) throw notFound()
    return json({ kind, id: alert.id, name: alert.resort.name })
  }
  if (kind === 'dining') {
    const [alert] = await listDiningAlerts(getDb(), user.id, [params.id])
    if (!alert) throw notFound()
    return json({ kind, id: alert.id, name: alert.diningLocationName })
  }
  throw notFound()
}

export default function ConfirmDelete() {
  const alert = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">Delete alert</h1>
        <p className="mt-3 text-slate-600">
          Are you sure you want to delete the alert for {alert.name}? This action cannot be undone.
        </p>
        <Form method="post" action="/dashboard" className="mt-6 flex justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="kind" value={alert.kind} />
          <input type="hidden" name="id" value={alert.id} />
          <Link
            to="/dashboard"
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700"
          >
            Cancel
          </Link>
          <button
            type="submit"
            className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700"
          >
            Delete
          </button>
        </Form>
      </div>
    </section>
  )
}
