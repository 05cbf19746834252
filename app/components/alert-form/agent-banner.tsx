import { Link } from '@remix-run/react'
import { useState } from 'react'
import { LOCAL_KEYS } from '~/domain/storage-keys'
import { useLocalStorageItem } from '~/hooks/use-local-storage-item'

/** The travel-agent banner: hidden once dismissed (remembered) or when the visitor came as an agent. */
export function AgentBanner({ intentPro }: { intentPro: boolean }) {
  const dismissedStored = useLocalStorageItem(LOCAL_KEYS.agentBannerDismissed) === '1'
  const [dismissed, setDismissed] = useState(false)
  if (intentPro || dismissedStored || dismissed) return null
  return (
    <div className="border-brand-200 bg-brand-50 text-brand-900 mt-4 flex items-start justify-between gap-4 rounded-xl border p-4 text-sm">
      <p>
        Travel agent? Watch tables for all your clients with{' '}
        <Link to="/pricing?intent=pro" className="font-semibold underline">
          plans built for agents
        </Link>
        .
      </p>
      <button
        type="button"
        aria-label="Dismiss"
        className="text-brand-700 hover:bg-brand-100 rounded px-2"
        onClick={() => {
          localStorage.setItem(LOCAL_KEYS.agentBannerDismissed, '1')
          setDismissed(true)
        }}
      >
        ×
      </button>
    </div>
  )
}
