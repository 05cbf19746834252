import { Form, useNavigation } from '@remix-run/react'
import { StatusButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'

/** A client's consent as its page shows it: in words, and since when. */
export interface ConsentShown {
  state: 'none' | 'asked' | 'agreed' | 'stopped'
  words: string
  /** "Nov 26, 3:04 PM Eastern Time", or null when it was never asked. */
  since: string | null
}

const EXPLAINED: Record<ConsentShown['state'], string> = {
  none: 'We text a client only once they agree. Until then, texts meant for them come to you.',
  asked: 'We texted them asking to reply YES. Until they do, texts meant for them come to you.',
  agreed: 'Alerts that text this client reach their phone. They can reply STOP at any time.',
  stopped:
    'They replied STOP: texts meant for them come to you. Only they can start texts again, by replying START or YES to our number.',
}

/**
 * The client's consent, and "Ask for consent by text" (a plain form) while they have a mobile
 * number and have neither agreed nor replied STOP: we text them, naming you, asking them to reply
 * YES.
 */
export function ConsentPanel({ consent, hasPhone }: { consent: ConsentShown; hasPhone: boolean }) {
  const asking = useNavigation().formData?.get('intent') === 'ask-consent'
  return (
    <Card id="consent" title="Texts to this client" className="mt-6">
      <p className="mt-2 font-medium text-slate-900">
        {consent.words}
        {consent.since && (
          <span className="font-normal text-slate-600"> since {consent.since}</span>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-600">{EXPLAINED[consent.state]}</p>
      {!hasPhone ? (
        <p className="mt-3 text-sm text-slate-600">
          Add a mobile number below to ask this client for consent.
        </p>
      ) : (
        (consent.state === 'none' || consent.state === 'asked') && (
          <Form method="post" className="mt-4">
            <StatusButton
              name="intent"
              value="ask-consent"
              busy={asking}
              busyText="Sending..."
              tone="quiet"
              size="sm"
            >
              Ask for consent by text
            </StatusButton>
          </Form>
        )
      )}
    </Card>
  )
}
