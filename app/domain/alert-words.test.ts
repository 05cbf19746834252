import { describe, expect, it } from 'vitest'
import { alertNotice, type AlertInWords } from './alert-words'

const dining = (listed?: boolean): AlertInWords => ({
  kind: 'dining',
  diningLocationName: "Mama Melrose's Ristorante Italiano",
  ...(listed !== undefined && { diningLocationListed: listed }),
  resortLocationIdentifier: 'disney-world',
  reserveDate: '2026-06-11',
  partySize: 4,
  preferredTime: null,
  timeRangeStart: null,
  timeRangeEnd: null,
})

describe('alertNotice', () => {
  it('says so when Disney no longer lists the restaurant, naming it', () => {
    expect(alertNotice(dining(false))).toBe(
      "Disney no longer lists Mama Melrose's Ristorante Italiano for reservations. We still check it, but a table may never open.",
    )
  })

  it('says nothing of a listed restaurant, or of a draft that does not know', () => {
    expect(alertNotice(dining(true))).toBeNull()
    expect(alertNotice(dining())).toBeNull()
  })
})
