import { dayLabel } from '~/components/insights/bar-chart'
import { ContentSection } from '~/components/marketing/parts'
import { ChartSvg, Gridlines } from '~/components/charts/chart-parts'
import { barHeight, niceMax } from '~/domain/chart-scale'
import {
  hourText,
  OPENING_STATS_DAYS,
  OPENING_STATS_MINIMUM,
  type PublicOpeningStats,
} from '~/domain/opening-stats'
import {
  PRICE_STATS_DAYS,
  PRICE_STATS_MINIMUM,
  type ShownCategoryPrice,
} from '~/domain/price-stats'

type Shown = Extract<PublicOpeningStats, { shown: true }>

/**
 * A hotel's public opening statistics, drawn on the server (no JavaScript needed): openings by
 * room category with their typical length, and the hours of the day they appeared. Below the
 * minimum it says so in words and shows no figure; `stats` null is a failed read.
 */
export function OpeningStats({
  hotel,
  stats,
}: {
  hotel: string
  stats: PublicOpeningStats | null
}) {
  return (
    <ContentSection
      title={`Openings at ${hotel} in the last ${OPENING_STATS_DAYS} days`}
      id="opening-stats"
    >
      {stats === null ? (
        <p>The opening statistics cannot be read just now. Please look again in a few minutes.</p>
      ) : stats.shown ? (
        <ShownStats hotel={hotel} stats={stats} />
      ) : (
        <p>
          There is not enough data yet to show how rooms open up at {hotel}. We show figures once
          our alerts have seen at least {OPENING_STATS_MINIMUM.openings} openings in a room category
          for at least {OPENING_STATS_MINIMUM.questions} different stays in the last{' '}
          {OPENING_STATS_DAYS} days, so that no one&apos;s alert can be picked out.
        </p>
      )}
    </ContentSection>
  )
}

/**
 * A hotel's typical nightly price by room category over the last 30 days, with how many prices
 * each is the median of. Categories under the minimum are left out, and the section with them
 * when none is left (or the figures cannot be read now): prices are a side note of the page.
 */
export function PriceStats({
  hotel,
  categories,
}: {
  hotel: string
  categories: readonly ShownCategoryPrice[] | null
}) {
  if (!categories?.length) return null
  return (
    <ContentSection
      title={`Typical nightly price at ${hotel}, last ${PRICE_STATS_DAYS} days`}
      id="price-stats"
    >
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">Typical nightly price by room category</caption>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Room category
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Typical nightly price
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Prices seen
            </th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <tr key={category.name} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {category.name}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{category.typical}</td>
              <td className="py-2 text-right tabular-nums">{category.prices}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-500">
        Disney&apos;s prices before tax. Typical: the median of each room&apos;s latest nightly
        price for each stay our alerts asked about; a price depends on the dates, so yours may
        differ. A category is listed once we have seen at least {PRICE_STATS_MINIMUM.prices} prices
        in it for at least {PRICE_STATS_MINIMUM.stays} different stays.
      </p>
    </ContentSection>
  )
}

function ShownStats({ hotel, stats }: { hotel: string; stats: Shown }) {
  const largest = Math.max(...stats.categories.map((category) => category.openings))
  return (
    <>
      <p>
        Our alerts saw <strong>{stats.openings}</strong> rooms open up at {hotel} between{' '}
        {dayLabel(stats.from)} and {dayLabel(stats.to)}. Openings appeared most often from{' '}
        {stats.busiest} ({stats.timeZone}). These are the rooms and stays our alerts watch, not all
        of Disney&apos;s availability; categories with fewer openings are not listed.
      </p>
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">Openings seen by room category</caption>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Room category
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Openings seen
            </th>
            <th scope="col" className="py-2 font-medium">
              Typically open for
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.categories.map((category) => (
            <tr key={category.name} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {category.name}
              </th>
              <td className="py-2 pr-3">
                <span className="flex items-center gap-2">
                  <span className="w-8 text-right tabular-nums">{category.openings}</span>
                  <span aria-hidden="true" className="flex-1">
                    <span
                      className="bg-brand-600 block h-3 rounded-sm"
                      style={{ width: `${Math.max(4, (category.openings / largest) * 100)}%` }}
                    />
                  </span>
                </span>
              </td>
              <td className="py-2">{category.typical ?? 'Too few have closed yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-500">
        Typically: the median time an opening stayed open, from the check that first saw it to the
        first check that no longer did.
      </p>
      <HoursChart hours={stats.hours} busiest={stats.busiest} timeZone={stats.timeZone} />
    </>
  )
}

// A narrow drawing, so its labels stay legible when it is scaled down to a phone's width.
const WIDTH = 420
const HEIGHT = 180
const PLOT = { left: 30, right: 4, top: 10, bottom: 24 }
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom
const LABELLED_HOURS = [0, 6, 12, 18]

/** Openings per hour of the day as 24 bars, with the busiest hours in words and as a table. */
function HoursChart({
  hours,
  busiest,
  timeZone,
}: {
  hours: number[]
  busiest: string
  timeZone: string
}) {
  const title = `Openings by the hour they appeared (${timeZone})`
  const max = niceMax(Math.max(0, ...hours))
  const band = PLOT_WIDTH / 24
  const y = (value: number) => PLOT.top + PLOT_HEIGHT - barHeight(value, max, PLOT_HEIGHT)
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <ChartSvg width={WIDTH} height={HEIGHT} title={title} summary={`Busiest from ${busiest}.`}>
        <Gridlines max={max} y={y} left={PLOT.left} right={WIDTH - PLOT.right} />
        {hours.map((count, hour) => (
          <rect
            key={hour}
            x={PLOT.left + hour * band + band * 0.15}
            y={y(count)}
            width={band * 0.7}
            height={barHeight(count, max, PLOT_HEIGHT)}
            className="fill-brand-600"
          >
            <title>{`${hourText(hour)} to ${hourText(hour + 1)}: ${count}`}</title>
          </rect>
        ))}
        {LABELLED_HOURS.map((hour) => (
          <text
            key={hour}
            x={PLOT.left + hour * band}
            y={HEIGHT - 8}
            textAnchor={hour === 0 ? 'start' : 'middle'}
            className="fill-slate-500 text-[12px]"
          >
            {hourText(hour)}
          </text>
        ))}
      </ChartSvg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Hour
              </th>
              <th scope="col" className="py-1 text-right">
                Openings
              </th>
            </tr>
          </thead>
          <tbody>
            {hours.map((count, hour) => (
              <tr key={hour} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {hourText(hour)} to {hourText(hour + 1)}
                </th>
                <td className="py-1 text-right tabular-nums">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
