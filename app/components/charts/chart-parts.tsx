import { useId, type ReactNode } from 'react'
import { FiguresTable, type FiguresTableProps } from '~/components/ui/figures-table'
import { ticks } from '~/domain/chart-scale'

/**
 * A chart's drawing, `width` by `height`, and its plot: the part inside the margins, which hold
 * the axes' labels. Charts are drawn narrow (420 wide), so that their labels stay legible when
 * the drawing is scaled down to a phone's width.
 */
export function chartFrame(
  width: number,
  height: number,
  margin: { left: number; right: number; top: number; bottom: number },
) {
  return {
    width,
    height,
    left: margin.left,
    right: width - margin.right,
    bottom: height - margin.bottom,
    plotWidth: width - margin.left - margin.right,
    plotHeight: height - margin.top - margin.bottom,
    /** Where the labels under the plot stand. */
    labelY: height - 8,
  }
}

type ChartFrame = ReturnType<typeof chartFrame>

/** A chart's value axis: up the left, from 0 to `max` or at the given `values` (a price axis). */
interface ValueAxis {
  max: number
  values?: readonly number[]
  /** Where a value sits in the chart's drawing. */
  y: (value: number) => number
}

/**
 * A chart's drawing, with its value axis as gridlines behind what `children` draw: an image
 * named by its title and described by its summary, so a screen reader says what a glance at it
 * says.
 */
export function ChartSvg({
  frame,
  axis,
  title,
  summary,
  className = 'mt-3 h-auto w-full max-w-xl',
  children,
}: {
  frame: ChartFrame
  axis: ValueAxis
  title: string
  summary: string
  className?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <svg
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      className={className}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <Gridlines frame={frame} {...axis} />
      {children}
    </svg>
  )
}

/** A label on a chart's axis: a value beside the plot, or a time under it. */
export function AxisLabel({
  x,
  y,
  anchor,
  children,
}: {
  x: number
  y: number
  anchor: 'start' | 'middle' | 'end'
  children: ReactNode
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} className="fill-slate-500 text-[12px]">
      {children}
    </text>
  )
}

/** The value axis's gridlines, each with its value on the left (a bar chart's from 0). */
function Gridlines({ frame, max, values = ticks(max), y }: ValueAxis & { frame: ChartFrame }) {
  return values.map((tick) => (
    <g key={tick}>
      <line
        x1={frame.left}
        x2={frame.right}
        y1={y(tick)}
        y2={y(tick)}
        className="stroke-slate-200"
      />
      <AxisLabel x={frame.left - 6} y={y(tick) + 4} anchor="end">
        {tick}
      </AxisLabel>
    </g>
  ))
}

/**
 * The numbers behind a chart, folded away under "Show the numbers": the figures for whoever
 * wants them rather than the drawing. A table of no fixed length (`scroll`) scrolls within a
 * height of its own.
 */
export function ChartNumbers({
  scroll = false,
  ...table
}: Pick<FiguresTableProps, 'caption' | 'columns' | 'rows'> & { scroll?: boolean }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-slate-600">Show the numbers</summary>
      {scroll ? (
        <div className="mt-2 max-h-72 overflow-auto">
          <FiguresTable {...table} />
        </div>
      ) : (
        <FiguresTable {...table} className="mt-2" />
      )}
    </details>
  )
}
