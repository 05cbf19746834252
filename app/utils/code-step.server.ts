import { json, redirect } from '@remix-run/node'
import { redirectWithNotice } from '~/utils/flash.server'

/*
 * What the two-step code forms (login, and a phone number's change) answer besides their own
 * checks: one behaviour for both.
 */

/** After a code is texted: on to the code step, saying so when it was sent again. */
export function toCodeStep(step: 'send' | 'resend', target: string, headers: HeadersInit) {
  return step === 'send'
    ? redirect(target, { headers })
    : redirectWithNotice(target, { tone: 'success', message: 'We sent you a new code.' }, headers)
}

/** A post naming no step these forms know. */
export function unknownCodeAction() {
  return json(
    { step: 'send', result: { status: 'error' as const, error: { '': ['Unknown action.'] } } },
    { status: 400 },
  )
}
