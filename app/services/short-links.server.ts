import { redirect } from '@remix-run/node'
import { findNotificationByCode, recordClick } from '~/models/outbox.server'
import { getDb } from '~/utils/db.server'

/**
 * A short link in a text: records the tap and opens Disney's booking page, the first booking's
 * (`/o/<code>`) or a split stay's second (`/o/<code>/2`).
 */
export async function followShortLink(code: string, booking: 'first' | 'second') {
  const notification = /^[A-Za-z0-9]{6,12}$/.test(code)
    ? await findNotificationByCode(getDb(), code)
    : undefined
  // Account texts (a test, a reminder) carry no short link: their codes lead nowhere.
  const url = booking === 'first' ? notification?.bookingUrl : notification?.secondBookingUrl
  if (!notification || !url) throw new Response('Not Found', { status: 404 })
  await recordClick(getDb(), notification.id)
  return redirect(url, {
    headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
}
