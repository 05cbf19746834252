import { EDIT_FIELD } from './alert-drafts'
import type { RateType } from './price-terms'
import { centsOf, formatPrice } from './prices'

/*
 * The link that opens a watch on a booked stay in its own form, to change it (issue 30): the
 * dashboard's Edit, and the hotel form's old Edit links, which send a watch here. Apart from the
 * form's components so a page that only links here loads none of them.
 */

/** A price watch's JSON (`watch: "price"`), as the dashboard lists it. */
export interface PriceWatchOfJson {
  id: string
  resortId?: string
  roomIds?: readonly string[]
  checkInDate: string
  checkOutDate?: string
  numberOfAdults: number
  agesOfChildren: readonly number[]
  accessible: boolean
  paidTotal?: number
  rateType: RateType
  minSaving?: number
  minSavingPercent?: number
}

/**
 * The price watch page form filled in with a watch, to change it with or without JavaScript: the
 * fields readPriceWatchDraft reads (dollars as the form shows them, "$2,384.50"), and the
 * watch's id in EDIT_FIELD.
 */
export function priceWatchEditHref(watch: PriceWatchOfJson): string {
  const dollars = (value: number | undefined) => {
    const cents = value === undefined ? null : centsOf(value)
    return cents === null ? '' : formatPrice(cents)
  }
  const params = new URLSearchParams({
    resortId: watch.resortId ?? '',
    roomId: watch.roomIds?.[0] ?? '',
    checkInDate: watch.checkInDate,
    checkOutDate: watch.checkOutDate ?? '',
    numberOfAdults: String(watch.numberOfAdults),
    numberOfChildren: String(watch.agesOfChildren.length),
  })
  for (const age of watch.agesOfChildren) params.append('agesOfChildren', String(age))
  if (watch.accessible) params.set('accessible', 'on')
  params.set('paidTotal', dollars(watch.paidTotal))
  params.set('rateType', watch.rateType)
  const percent = watch.minSavingPercent
  params.set('savingKind', percent === undefined ? 'amount' : 'percent')
  params.set('saving', percent === undefined ? dollars(watch.minSaving) : String(percent))
  params.set(EDIT_FIELD, watch.id)
  return `/alerts/price-watch?${params}`
}
