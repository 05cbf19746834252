import { ChartSvg, Gridlines } from '~/components/charts/chart-parts'
import { barHeight, niceMax } from '~/domain/chart-scale'

export interface Series {
  name: string
  values: number[]
}

// A narrow drawing, so its labels stay legible when it is scaled down to a phone's width.
const WIDTH = 420
const HEIGHT = 200
const PLOT = { left: 34, right: 4, top: 10, bottom: 24 }
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom
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
  const band = PLOT_WIDTH / Math.max(1, days.length)
  const barWidth = (band * 0.8) / series.length
  const y = (value: number) => PLOT.top + PLOT_HEIGHT - barHeight(value, max, PLOT_HEIGHT)
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
        width={WIDTH}
        height={HEIGHT}
        title={title}
        summary={summary(days, series)}
        className="mt-3 h-auto w-full"
      >
        <Gridlines max={max} y={y} left={PLOT.left} right={WIDTH - PLOT.right} />
        {days.map((day, dayIndex) => (
          <g key={day}>
            {series.map((entry, index) => {
              const value = entry.values[dayIndex] ?? 0
              return (
                <rect
                  key={entry.name}
                  x={PLOT.left + dayIndex * band + band * 0.1 + index * barWidth}
                  y={y(value)}
                  width={barWidth}
                  height={barHeight(value, max, PLOT_HEIGHT)}
                  className={FILLS[index]}
                >
                  <title>{`${dayLabel(day)}: ${value} ${entry.name.toLowerCase()}`}</title>
                </rect>
              )
            })}
            {labelled.includes(dayIndex) ? (
              <text
                x={PLOT.left + dayIndex * band + band / 2}
                y={HEIGHT - 8}
                textAnchor={
                  dayIndex === 0 ? 'start' : dayIndex === days.length - 1 ? 'end' : 'middle'
                }
                className="fill-slate-500 text-[12px]"
              >
                {dayLabel(day)}
              </text>
            ) : null}
          </g>
        ))}
      </ChartSvg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">Show the numbers</summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Day (UTC)
                </th>
                {series.map((entry) => (
                  <th key={entry.name} scope="col" className="py-1 pr-3 text-right">
                    {entry.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, dayIndex) => (
                <tr key={day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {dayLabel(day)}
                  </th>
                  {series.map((entry) => (
                    <td key={entry.name} className="py-1 pr-3 text-right tabular-nums">
                      {entry.values[dayIndex] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
