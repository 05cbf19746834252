import { useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { alertIntentOfPage } from '~/domain/checkout'
import { SESSION_KEYS } from '~/domain/storage-keys'

/**
 * Keeps the alert intent a visitor brought (openAddAlert, hotel, …) in session storage as
 * alert_intent (accounts §3), so checkout completion can open the dashboard's hotel dialog with
 * it even where a step of login or payment did not carry the query along.
 */
export function useRememberAlertIntent() {
  const { search } = useLocation()
  useEffect(() => {
    const intent = alertIntentOfPage(new URLSearchParams(search))
    if (!intent.size) return
    try {
      sessionStorage.setItem(SESSION_KEYS.alertIntent, JSON.stringify(Object.fromEntries(intent)))
    } catch {
      // Storage can be full or blocked; the query still carries the intent.
    }
  }, [search])
}
