import { Counter } from 'prom-client'
import type { DeliveryOutcome } from '~/domain/delivery'
import { singleton } from '~/utils/singleton.server'

/**
 * Texts whose delivery Twilio reported, by outcome, counted where the callbacks arrive (the web).
 * One per process, shared by the Remix build's copy of this module and server.ts's, which
 * registers it with the web's /metrics.
 */
export function deliveriesCounter() {
  return singleton(
    'deliveries-counter',
    () =>
      new Counter({
        name: 'sms_deliveries_total',
        help: 'Texts Twilio reported delivered, undelivered or failed',
        labelNames: ['outcome'],
        registers: [],
      }),
  )
}

export function countDelivery(outcome: DeliveryOutcome) {
  deliveriesCounter().inc({ outcome })
}
