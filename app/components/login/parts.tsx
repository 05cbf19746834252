import { useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import type { Carried } from '~/domain/login'
import { readIntent, safeRedirectPath } from '~/domain/redirects'
import { LOCAL_KEYS } from '~/domain/storage-keys'
import { useLocalStorageItem } from '~/hooks/use-local-storage-item'

/**
 * intent and next are kept in local storage (auth_intent, auth_next) so that a reload or a detour
 * keeps them; values in the URL win and are stored.
 */
export function useRememberedCarried(fromUrl: Carried): Carried {
  const intentText = useLocalStorageItem(LOCAL_KEYS.authIntent) ?? ''
  const nextText = useLocalStorageItem(LOCAL_KEYS.authNext) ?? ''
  useEffect(() => {
    if (fromUrl.intent) localStorage.setItem(LOCAL_KEYS.authIntent, fromUrl.intent)
    if (fromUrl.next) localStorage.setItem(LOCAL_KEYS.authNext, fromUrl.next)
  }, [fromUrl.intent, fromUrl.next])
  if (fromUrl.intent || fromUrl.next) return fromUrl
  const intent = readIntent(intentText)
  const next = safeRedirectPath(nextText)
  return { ...fromUrl, ...(intent && { intent }), ...(next && { next }) }
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
