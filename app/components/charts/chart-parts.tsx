import { useId, type ReactNode } from 'react'
import { ticks } from '~/domain/chart-scale'

/**
 * A chart's drawing: an image named by its title and described by its summary, so a screen
 * reader says what a glance at it says.
 */
export function ChartSvg({
  width,
  height,
  title,
  summary,
  className = 'mt-3 h-auto w-full max-w-xl',
  children,
}: {
  width: number
  height: number
  title: string
  summary: string
  className?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {children}
    </svg>
  )
}

/**
 * A chart's horizontal gridlines with their values on the left: a bar chart's from 0 to `max`,
 * or the given `values` (a price axis).
 */
export function Gridlines({
  max,
  values = ticks(max),
  y,
  left,
  right,
}: {
  max: number
  values?: readonly number[]
  /** Where a value sits in the chart's drawing. */
  y: (value: number) => number
  left: number
  right: number
}) {
  return values.map((tick) => (
    <g key={tick}>
      <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
      <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[12px]">
        {tick}
      </text>
    </g>
  ))
}
