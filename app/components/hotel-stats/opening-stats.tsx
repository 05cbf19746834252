import { dayLabel } from '~/components/insights/bar-chart'
import { ContentSection } from '~/components/marketing/parts'
import { AxisLabel, chartFrame, ChartNumbers, ChartSvg } from '~/components/charts/chart-parts'
import { FiguresTable } from '~/components/ui/figures-table'
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
      <FiguresTable
        caption="Typical nightly price by room category"
        columns={[
          { label: 'Room category' },
          { label: 'Typical nightly price', numeric: true },
          { label: 'Prices seen', numeric: true },
        ]}
        rows={categories.map((category) => ({
          key: category.name,
          cells: [category.name, category.typical, category.prices],
        }))}
        roomy
      />
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
      <FiguresTable
        caption="Openings seen by room category"
        columns={[
          { label: 'Room category' },
          { label: 'Openings seen' },
          { label: 'Typically open for' },
        ]}
        rows={stats.categories.map((category) => ({
          key: category.name,
          cells: [
            category.name,
            <span key="openings" className="flex items-center gap-2">
              <span className="w-8 text-right tabular-nums">{category.openings}</span>
              <span aria-hidden="true" className="flex-1">
                <span
                  className="bg-brand-600 block h-3 rounded-sm"
                  style={{ width: `${Math.max(4, (category.openings / largest) * 100)}%` }}
                />
              </span>
            </span>,
            category.typical ?? 'Too few have closed yet',
          ],
        }))}
        roomy
      />
      <p className="text-sm text-slate-500">
        Typically: the median time an opening stayed open, from the check that first saw it to the
        first check that no longer did.
      </p>
      <HoursChart hours={stats.hours} busiest={stats.busiest} timeZone={stats.timeZone} />
    </>
  )
}

const FRAME = chartFrame(420, 180, { left: 30, right: 4, top: 10, bottom: 24 })
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
  const band = FRAME.plotWidth / 24
  const y = (value: number) => FRAME.bottom - barHeight(value, max, FRAME.plotHeight)
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <ChartSvg frame={FRAME} axis={{ max, y }} title={title} summary={`Busiest from ${busiest}.`}>
        {hours.map((count, hour) => (
          <rect
            key={hour}
            x={FRAME.left + hour * band + band * 0.15}
            y={y(count)}
            width={band * 0.7}
            height={barHeight(count, max, FRAME.plotHeight)}
            className="fill-brand-600"
          >
            <title>{`${hourText(hour)} to ${hourText(hour + 1)}: ${count}`}</title>
          </rect>
        ))}
        {LABELLED_HOURS.map((hour) => (
          <AxisLabel
            key={hour}
            x={FRAME.left + hour * band}
            y={FRAME.labelY}
            anchor={hour === 0 ? 'start' : 'middle'}
          >
            {hourText(hour)}
          </AxisLabel>
        ))}
      </ChartSvg>
      <ChartNumbers
        caption={title}
        columns={[{ label: 'Hour' }, { label: 'Openings', numeric: true }]}
        rows={hours.map((count, hour) => ({
          key: hour,
          cells: [`${hourText(hour)} to ${hourText(hour + 1)}`, count],
        }))}
      />
    </figure>
  )
}
