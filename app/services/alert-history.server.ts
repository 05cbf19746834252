import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { PAGE_MESSAGE, readKind, readPage } from '~/domain/alert-history'
import { ALERT_ERRORS } from '~/domain/alerts'
import { AppError } from '~/domain/app-error'
import { bookingRuleFor } from '~/domain/booking-rules'
import { lowestPriceSeries, priceHistoryJson } from '~/domain/price-history'
import { lastDayToAct, savingThreshold } from '~/domain/prices'
import { alertHistory, type AlertHistory } from '~/models/alert-history.server'
import { readAlertPrices, type AlertPriceTerms } from '~/models/price-history.server'
import { getDb } from '~/utils/db.server'

/**
 * What a price watch looks for, in dollars, as its page says it: what was paid and how, the
 * saving worth a text (a percentage's too, as the amount it comes to), the last price texted,
 * and the last day a saving can still be had, with the booking rule that sets it and its source.
 */
function priceWatchSummary(alert: AlertPriceTerms & { watch: 'price' }) {
  const rule = bookingRuleFor(alert.destination, alert.rateType!)
  return {
    paidTotal: alert.paidTotalCents! / 100,
    rateType: rule.rateType,
    minSaving: savingThreshold({ ...alert, paidTotalCents: alert.paidTotalCents! }) / 100,
    minSavingPercent: alert.minSavingPercent,
    priceTexted: alert.priceTextedCents === null ? null : alert.priceTextedCents / 100,
    lastDayToAct: lastDayToAct(alert.checkInDate, rule.daysBeforeCheckIn),
    bookingRule: {
      daysBeforeCheckIn: rule.daysBeforeCheckIn,
      rule: rule.rule,
      source: rule.source,
    },
  }
}

export type PriceWatchSummary = ReturnType<typeof priceWatchSummary>

/** A hotel alert's price history, and for a watch what it watches. */
async function hotelAlertPrices(db: Kysely<Database>, alertId: string) {
  const { alert, rows } = await readAlertPrices(db, alertId)
  return {
    ...priceHistoryJson(lowestPriceSeries(rows)),
    priceWatch: alert.watch === 'price' ? priceWatchSummary({ ...alert, watch: 'price' }) : null,
  }
}

type HotelAlertPrices = Awaited<ReturnType<typeof hotelAlertPrices>>

/**
 * An alert's history for its owner, from the request of its page or its JSON call: the kind and
 * id from the path, the page from `?page=`; a hotel alert's with its prices. Anything that names
 * no alert of theirs is not found.
 */
export async function requestedAlertHistory(
  request: Request,
  params: { kind?: string; id?: string },
  userId: string,
): Promise<AlertHistory & Partial<HotelAlertPrices>> {
  const kind = readKind(params.kind)
  if (!kind) throw new AppError(404, 'NOT_FOUND', ALERT_ERRORS.NOT_FOUND)
  const page = readPage(new URL(request.url).searchParams.get('page'))
  if (page === null) throw new AppError(400, 'INVALID', PAGE_MESSAGE, 'page')
  const history = await alertHistory(getDb(), userId, kind, params.id, page)
  if (history.alert.kind !== 'hotel') return history
  return { ...history, ...(await hotelAlertPrices(getDb(), history.alert.id)) }
}
