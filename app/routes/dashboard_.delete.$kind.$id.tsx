import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmPage } from '~/components/ui/confirm-page'
import { alertName } from '~/domain/alert-words'
import { assertAlertId } from '~/models/alert-rules.server'
import { listDiningAlerts } from '~/models/dining-alert.server'
import { listHotelAlerts } from '~/models/hotel-alert.server'
import { getDb } from '~/utils/db.server'
import { requireUser } from '~/utils/session.server'
import { privateMeta } from '~/utils/seo'

export const meta: MetaFunction = () => privateMeta('Delete alert')

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
    return json({ kind, id: alert.id, name: alertName({ kind, ...alert }) })
  }
  if (kind === 'dining') {
    const [alert] = await listDiningAlerts(getDb(), user.id, [params.id])
    if (!alert) throw notFound()
    return json({ kind, id: alert.id, name: alertName({ kind, ...alert }) })
  }
  throw notFound()
}

export default function ConfirmDelete() {
  const alert = useLoaderData<typeof loader>()
  return (
    <ConfirmPage
      title="Delete alert"
      message={`Are you sure you want to delete the alert for ${alert.name}? This action cannot be undone.`}
      fields={{ intent: 'delete', kind: alert.kind, id: alert.id }}
      action="/dashboard"
      confirmText="Delete"
      cancelText="Cancel"
      cancelTo="/dashboard"
    />
  )
}
