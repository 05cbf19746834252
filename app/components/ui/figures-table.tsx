import type { Key, ReactNode } from 'react'

export interface FiguresColumn {
  label: string
  /** Figures: set right, in digits of one width, so that they line up. */
  numeric?: boolean
}

export interface FiguresRow {
  key: Key
  /** A cell a column; where the table has row headings, the first is the row's. */
  cells: readonly ReactNode[]
  /** For a row that ends early: why it has no figures, across the columns left ("None bookable"). */
  missing?: string
}

export interface FiguresTableProps {
  /** For a screen reader; a table named by its figure's caption goes without. */
  caption?: string
  columns: readonly FiguresColumn[]
  rows: readonly FiguresRow[]
  /** The first cell of each row names it (a time, a room category), as a screen reader says. */
  rowHeadings?: boolean
  /** A section's own table (the hotel page's), not the numbers in a card: larger, with more room. */
  roomy?: boolean
  className?: string
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/**
 * A table of figures: the numbers behind each chart, and the statistics and counts beside them,
 * in one look. Every column but the last keeps a gap on its right.
 */
export function FiguresTable({
  caption,
  columns,
  rows,
  rowHeadings = true,
  roomy = false,
  className,
}: FiguresTableProps) {
  const pad = roomy ? 'py-2' : 'py-1'
  const gap = (index: number) => index < columns.length - 1 && 'pr-3'
  return (
    <table className={classes('w-full text-left', roomy && 'text-sm sm:text-base', className)}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="border-b border-slate-200 text-slate-500">
        <tr>
          {columns.map((column, index) => (
            <th
              key={column.label}
              scope="col"
              className={classes(
                pad,
                gap(index),
                column.numeric && 'text-right',
                roomy && 'font-medium',
              )}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100">
            {row.cells.map((content, index) =>
              rowHeadings && index === 0 ? (
                <th
                  key={index}
                  scope="row"
                  className={classes(
                    pad,
                    gap(0),
                    roomy ? 'font-medium text-slate-900' : 'font-normal',
                  )}
                >
                  {content}
                </th>
              ) : (
                <td
                  key={index}
                  className={classes(
                    pad,
                    gap(index),
                    columns[index]?.numeric && 'text-right tabular-nums',
                  )}
                >
                  {content}
                </td>
              ),
            )}
            {row.missing && (
              <td
                colSpan={columns.length - row.cells.length}
                className={`${pad} text-right text-slate-500`}
              >
                {row.missing}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
