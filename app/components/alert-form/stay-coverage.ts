// The words of what a hotel alert covers: loaded by the page when there is a count to say, as
// flexible-words brings zod with it (decision 0012), and by the server for a page without
// JavaScript.
import { isTooWide, type HotelAlertCost } from '~/domain/flexible-cost'
import { coverageInWords, tooWideMessage } from '~/domain/flexible-words'

export interface Coverage {
  text: string
  tooWide: boolean
}

export function coverageOf(cost: HotelAlertCost): Coverage {
  return isTooWide(cost)
    ? { text: tooWideMessage(cost), tooWide: true }
    : { text: `This alert covers ${coverageInWords(cost)}.`, tooWide: false }
}
