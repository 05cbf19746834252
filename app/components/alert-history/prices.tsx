import { AxisLabel, chartFrame, ChartNumbers, ChartSvg } from '~/components/charts/chart-parts'
import { priceAxis } from '~/domain/chart-scale'
import { formatLongDate, formatMoment } from '~/domain/dates'
import {
  dollarsText,
  priceSteps,
  priceSummary,
  stepPath,
  type PriceMeasure,
  type PricePoint,
} from '~/domain/price-history'
import type { RateType } from '~/domain/price-terms'
import type { PriceWatchSummary } from '~/services/alert-history.server'

const MEASURE_WORDS: Record<PriceMeasure, string> = {
  lowestNightly: 'a night',
  lowestTotal: 'for the stay',
}

/**
 * The prices a hotel alert saw: the cheapest of its rooms now and over time, drawn on the server
 * (no JavaScript needed) with the same words for a screen reader and the numbers as a table. A
 * watch draws the stay's total beside what was paid; any other alert the nightly price.
 */
export function AlertPrices({
  prices,
  currentNightly,
  currentTotal,
  paidTotal,
  until,
  timeZone,
}: {
  prices: PricePoint[]
  currentNightly: number | null
  currentTotal: number | null
  /** A watch's: drawn as a line to compare with. */
  paidTotal: number | null
  /** The alert's last look at Disney's answer: the last price holds until then. */
  until: string | null
  timeZone: string
}) {
  return (
    <section aria-labelledby="prices-heading" className="mt-10">
      <h2 id="prices-heading" className="text-lg font-semibold text-slate-900">
        Prices it saw
      </h2>
      {prices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No prices seen yet. Each time Disney&apos;s price for one of its rooms changes, it appears
          here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            The cheapest of its rooms, in Disney&apos;s prices before tax.{' '}
            {currentNightly === null || currentTotal === null ? (
              'None of its rooms is bookable now.'
            ) : (
              <>
                Now{' '}
                <strong className="text-slate-900">{dollarsText(currentNightly)} a night</strong>,{' '}
                <strong className="text-slate-900">{dollarsText(currentTotal)} for the stay</strong>
                .
              </>
            )}
          </p>
          <PriceChart
            points={prices}
            measure={paidTotal === null ? 'lowestNightly' : 'lowestTotal'}
            reference={paidTotal === null ? null : { label: 'You paid', dollars: paidTotal }}
            until={until ?? prices.at(-1)!.at}
            timeZone={timeZone}
          />
        </>
      )}
    </section>
  )
}

const FRAME = chartFrame(420, 200, { left: 44, right: 8, top: 12, bottom: 24 })
const tenth = (value: number) => Math.round(value * 10) / 10
const PRICE_COLUMNS = [
  { label: 'From' },
  { label: 'A night', numeric: true },
  { label: 'For the stay', numeric: true },
]

/** One price over time as steps, each price held until the next, on an axis around its prices. */
function PriceChart({
  points,
  measure,
  reference,
  until,
  timeZone,
}: {
  points: PricePoint[]
  measure: PriceMeasure
  reference: { label: string; dollars: number } | null
  until: string
  timeZone: string
}) {
  const title = `Lowest price ${MEASURE_WORDS[measure]}, in US dollars`
  const start = Date.parse(points[0]!.at)
  const end = Math.max(Date.parse(until), Date.parse(points.at(-1)!.at))
  const steps = priceSteps(points, measure, end)
  const axis = priceAxis([
    ...(reference ? [reference.dollars] : []),
    ...steps.map((step) => step.dollars),
  ])
  // To a tenth of a unit: finer is invisible and only lengthens the page.
  const x = (at: number) =>
    tenth(FRAME.left + ((at - start) / Math.max(1, end - start)) * FRAME.plotWidth)
  const y = (dollars: number) =>
    tenth(FRAME.bottom - ((dollars - axis.min) / (axis.max - axis.min)) * FRAME.plotHeight)
  const summary = priceSummary(points, measure, timeZone)
  return (
    <figure className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <ChartSvg
        frame={FRAME}
        axis={{ max: axis.max, values: axis.ticks, y }}
        title={title}
        summary={summary}
      >
        {reference && (
          <g>
            <line
              x1={FRAME.left}
              x2={FRAME.right}
              y1={y(reference.dollars)}
              y2={y(reference.dollars)}
              strokeDasharray="4 3"
              className="stroke-amber-500"
            />
            <text
              x={FRAME.right}
              y={y(reference.dollars) - 4}
              textAnchor="end"
              className="fill-amber-700 text-[12px]"
            >
              {`${reference.label} ${dollarsText(reference.dollars)}`}
            </text>
          </g>
        )}
        <path d={stepPath(steps, x, y)} fill="none" strokeWidth={2} className="stroke-brand-600" />
        {steps.map((step) => (
          <circle
            key={step.from}
            cx={x(step.from)}
            cy={y(step.dollars)}
            r={3}
            className="fill-brand-600"
          >
            <title>{`${formatMoment(new Date(step.from).toISOString(), timeZone)}: ${dollarsText(step.dollars)}`}</title>
          </circle>
        ))}
        <AxisLabel x={FRAME.left} y={FRAME.labelY} anchor="start">
          {formatMoment(points[0]!.at, timeZone)}
        </AxisLabel>
        <AxisLabel x={FRAME.right} y={FRAME.labelY} anchor="end">
          {formatMoment(new Date(end).toISOString(), timeZone)}
        </AxisLabel>
      </ChartSvg>
      <p className="mt-2 text-sm text-slate-600">{summary}</p>
      <ChartNumbers
        caption="Lowest prices of its rooms, each time they changed"
        columns={PRICE_COLUMNS}
        rows={points.map((point) => {
          const when = formatMoment(point.at, timeZone)
          return point.lowestNightly === null || point.lowestTotal === null
            ? { key: point.at, cells: [when], missing: 'None bookable' }
            : {
                key: point.at,
                cells: [when, dollarsText(point.lowestNightly), dollarsText(point.lowestTotal)],
              }
        })}
        scroll
      />
    </figure>
  )
}

const RATE_WORDS: Record<RateType, string> = {
  'room-only': 'room only',
  package: 'as a package',
}

/**
 * What a watch on a booked stay looks for: what was paid, the saving that is worth a text, the
 * last price texted, and the last day to act, with the booking rule behind it and its source.
 */
export function PriceWatchTerms({ watch }: { watch: PriceWatchSummary }) {
  const { source } = watch.bookingRule
  const saving = dollarsText(watch.minSaving)
  return (
    <section aria-labelledby="watch-heading" className="mt-8">
      <h2 id="watch-heading" className="text-lg font-semibold text-slate-900">
        What this watch looks for
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-900">You paid</dt>
        <dd className="text-slate-700">
          {dollarsText(watch.paidTotal)} for the stay, {RATE_WORDS[watch.rateType]}
        </dd>
        <dt className="font-medium text-slate-900">We text you</dt>
        <dd className="text-slate-700">
          when the price drops at least{' '}
          {watch.minSavingPercent === null ? saving : `${watch.minSavingPercent}% (${saving})`}{' '}
          below what you paid, and again each time it drops that much further; or when a new
          discount prices your room lower
        </dd>
        <dt className="font-medium text-slate-900">Last price texted</dt>
        <dd className="text-slate-700">
          {watch.priceTexted === null ? 'None yet' : dollarsText(watch.priceTexted)}
        </dd>
        <dt className="font-medium text-slate-900">Last day to act</dt>
        <dd className="text-slate-700">
          <strong className="text-slate-900">{formatLongDate(watch.lastDayToAct)}</strong>. After it
          a saving can no longer be had, so we text nothing more. {watch.bookingRule.rule}{' '}
          <span className="text-slate-500">
            Source:{' '}
            <a
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 font-semibold hover:underline"
            >
              {source.title}
            </a>{' '}
            (read {formatLongDate(source.read)}).
          </span>
        </dd>
      </dl>
    </section>
  )
}
