import { useSyncExternalStore } from 'react'

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/** A local storage value, kept current when another tab changes it; null on the server. */
export function useLocalStorageItem(key: string): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => localStorage.getItem(key),
    () => null,
  )
}
