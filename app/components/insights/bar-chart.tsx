import { AxisLabel, chartFrame, ChartNumbers, ChartSvg } from '~/components/charts/chart-parts'
import { barHeight, niceMax } from '~/domain/chart-scale'

export interface Series {
  name: string
  values: number[]
}

const FRAME = chartFrame(420, 200, { left: 34, right: 4, top: 10, bottom: 24 })
// Colours a person can tell apart, also in print and for the common colour blindnesses.
const FILLS = ['fill-brand-600', 'fill-amber-500'] as const
const SWATCHES = ['bg-brand-600', 'bg-amber-500'] as const

export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** What a screen reader hears instead of the bars: each series' total and its busiest day. */
function summary(days: string[], series: Series[]) {
  return series
    .map(({ name, values }) => {
      const top = Math.max(0, ...values)
      const day = days[values.indexOf(top)]
      return `${name}: ${sum(values)} in total${top > 0 && day ? `, most (${top}) on ${dayLabel(day)}` : ''}.`
    })
    .join(' ')
}

/**
 * A bar chart of daily counts drawn on the server as SVG (it needs no JavaScript), one bar per
 * series and day, with a title and summary for screen readers and the numbers as a table.
 */
export function BarChart({
  title,
  days,
  series,
}: {
  title: string
  days: string[]
  series: Series[]
}) {
  const max = niceMax(Math.max(0, ...series.flatMap((entry) => entry.values)))
  const band = FRAME.plotWidth / Math.max(1, days.length)
  const barWidth = (band * 0.8) / series.length
  const y = (value: number) => FRAME.bottom - barHeight(value, max, FRAME.plotHeight)
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1]

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <ul className="flex gap-4 text-sm text-slate-600">
          {series.map((entry, index) => (
            <li key={entry.name} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`h-3 w-3 rounded-sm ${SWATCHES[index]}`} />
              {entry.name} <span className="font-semibold text-slate-900">{sum(entry.values)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
      <ChartSvg
        frame={FRAME}
        axis={{ max, y }}
        title={title}
        summary={summary(days, series)}
        className="mt-3 h-auto w-full"
      >
        {days.map((day, dayIndex) => (
          <g key={day}>
            {series.map((entry, index) => {
              const value = entry.values[dayIndex] ?? 0
              return (
                <rect
                  key={entry.name}
                  x={FRAME.left + dayIndex * band + band * 0.1 + index * barWidth}
                  y={y(value)}
                  width={barWidth}
                  height={barHeight(value, max, FRAME.plotHeight)}
                  className={FILLS[index]}
                >
                  <title>{`${dayLabel(day)}: ${value} ${entry.name.toLowerCase()}`}</title>
                </rect>
              )
            })}
            {labelled.includes(dayIndex) ? (
              <AxisLabel
                x={FRAME.left + dayIndex * band + band / 2}
                y={FRAME.labelY}
                anchor={dayIndex === 0 ? 'start' : dayIndex === days.length - 1 ? 'end' : 'middle'}
              >
                {dayLabel(day)}
              </AxisLabel>
            ) : null}
          </g>
        ))}
      </ChartSvg>
      <ChartNumbers
        caption={title}
        columns={[
          { label: 'Day (UTC)' },
          ...series.map((entry) => ({ label: entry.name, numeric: true })),
        ]}
        rows={days.map((day, dayIndex) => ({
          key: day,
          cells: [dayLabel(day), ...series.map((entry) => entry.values[dayIndex] ?? 0)],
        }))}
        scroll
      />
    </figure>
  )
}
