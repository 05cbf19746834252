import { useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import type { Carried } from '~/domain/login'
import { LOCAL_KEYS } from '~/domain/storage-keys'

/**
 * auth_intent and auth_next (accounts §"Browser storage") hold the intent and next of the sign-in
 * under way, never an earlier one's (issue 26): each visit to /login replaces them with what its
 * URL carries, or removes them, and a completed sign-in clears them. The page never reads them
 * back: its URL and hidden fields carry the values through both steps and any reload, as they must
 * without JavaScript, so both route alike and nothing remembered can outrank a later redirect.
 */
export function useRememberSignIn(carried: Carried) {
  const complete = useSignInComplete()
  useEffect(() => {
    remember(LOCAL_KEYS.authIntent, complete ? undefined : carried.intent)
    remember(LOCAL_KEYS.authNext, complete ? undefined : carried.next)
  }, [carried.intent, carried.next, complete])
}

function remember(key: string, value: string | undefined) {
  try {
    if (value) localStorage.setItem(key, value)
    else localStorage.removeItem(key)
  } catch {
    // Storage can be full or blocked; the URL still carries the values.
  }
}

/** Whether a verified code is taking the person off /login: the sign-in is complete. */
function useSignInComplete() {
  const navigation = useNavigation()
  return (
    navigation.state === 'loading' &&
    navigation.formData?.get('_action') === 'verify' &&
    navigation.location.pathname !== '/login'
  )
}

/** The carried values as hidden fields, so they ride along a post. */
export function CarriedFields({ carried }: { carried: Carried }) {
  return (
    <>
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

/** Whether this step's form is on its way. */
export function useBusy(step: 'send' | 'verify' | 'resend') {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('_action') === step
}
