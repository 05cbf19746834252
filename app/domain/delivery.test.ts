import { describe, expect, it } from 'vitest'
import { deliveryProblem, deliveryStatus, isOutcome, statusesBefore } from './delivery.ts'

describe("a text's delivery", () => {
  it("reads every status of Twilio's message_enum_status it acts on", () => {
    expect(deliveryStatus('accepted')).toBe('queued')
    expect(deliveryStatus('queued')).toBe('queued')
    expect(deliveryStatus('sending')).toBe('sent')
    expect(deliveryStatus('delivered')).toBe('delivered')
    expect(deliveryStatus('undelivered')).toBe('undelivered')
    expect(deliveryStatus('canceled')).toBe('failed')
    // Statuses of incoming or WhatsApp messages say nothing about a text of ours.
    expect(deliveryStatus('received')).toBeUndefined()
    expect(deliveryStatus('read')).toBeUndefined()
  })

  it('only moves forward, and never from one outcome to another', () => {
    expect(statusesBefore('sent')).toEqual(['pending', 'sending', 'queued'])
    expect(statusesBefore('delivered')).toEqual(['pending', 'sending', 'queued', 'sent'])
    expect(statusesBefore('undelivered')).not.toContain('delivered')
    expect(statusesBefore('queued')).not.toContain('sent')
    expect(statusesBefore('skipped')).toEqual([])
  })

  it('counts the last word on a text as its outcome', () => {
    expect(['delivered', 'undelivered', 'failed'].every((s) => isOutcome(s as 'failed'))).toBe(true)
    expect(isOutcome('sent')).toBe(false)
  })

  it("says the carrier's reason in plain words, and something for a code it does not know", () => {
    expect(deliveryProblem(null)).toBeNull()
    expect(deliveryProblem(30003)).toBe('your phone was off or out of coverage')
    expect(deliveryProblem(30007)).toBe('your carrier filtered it as spam')
    expect(deliveryProblem(30034)).toMatch(/registration/)
    expect(deliveryProblem(30999)).toBe('the carrier refused it (Twilio error 30999)')
  })
})
