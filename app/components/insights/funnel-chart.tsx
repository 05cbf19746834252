import { useId } from 'react'

export interface FunnelStep {
  label: string
  count: number
}

const WIDTH = 420
const ROW = 40
const LABEL = 130

/** Each step as a share of the step before it, in words. */
const share = (count: number, previous: number | undefined) =>
  previous === undefined ? '' : previous > 0 ? `${Math.round((count / previous) * 100)}%` : 'n/a'

/**
 * The funnel as horizontal bars drawn on the server, each as wide as its share of the first
 * step, with the share of the step before; a list says the same to a screen reader.
 */
export function FunnelChart({ title, steps }: { title: string; steps: FunnelStep[] }) {
  const id = useId()
  const first = Math.max(1, steps[0]?.count ?? 0)
  const height = steps.length * ROW
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="mt-3 h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-list`}
      >
        <title id={`${id}-title`}>{title}</title>
        {steps.map((step, index) => {
          const width = Math.max(2, ((WIDTH - LABEL - 70) * step.count) / first)
          const y = index * ROW
          return (
            <g key={step.label}>
              <text x={0} y={y + 24} className="fill-slate-700 text-[13px]">
                {step.label}
              </text>
              <rect
                x={LABEL}
                y={y + 8}
                width={width}
                height={ROW - 16}
                rx={4}
                className="fill-brand-600"
              />
              <text
                x={LABEL + width + 8}
                y={y + 24}
                className="fill-slate-900 text-[13px] font-semibold"
              >
                {step.count}
                {index > 0 ? ` (${share(step.count, steps[index - 1]?.count)})` : ''}
              </text>
            </g>
          )
        })}
      </svg>
      <ol id={`${id}-list`} className="sr-only">
        {steps.map((step, index) => (
          <li key={step.label}>
            {step.label}: {step.count}
            {index > 0 ? ` (${share(step.count, steps[index - 1]?.count)} of the step before)` : ''}
          </li>
        ))}
      </ol>
    </figure>
  )
}
