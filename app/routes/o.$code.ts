import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { findNotificationByCode, recordClick } from '~/models/outbox.server'
import { getDb } from '~/utils/db.server'

/** GET /o/<code>: the short link in a text; records the tap and opens Disney's booking page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? ''
  const notification = /^[A-Za-z0-9]{6,12}$/.test(code)
    ? await findNotificationByCode(getDb(), code)
    : undefined
  // Account texts (a test, a reminder) carry no short link: their codes lead nowhere.
  if (!notification?.bookingUrl) throw new Response('Not Found', { status: 404 })
  await recordClick(getDb(), notification.id)
  return redirect(notification.bookingUrl, {
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
}
