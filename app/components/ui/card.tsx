import type { ReactNode } from 'react'

const TONES = {
  plain: 'border-slate-200 bg-white shadow-sm',
  muted: 'border-slate-200 bg-slate-50',
  brand: 'border-brand-200 bg-brand-50',
} as const

/**
 * A card with its heading, named for screen readers by that heading: the one frame of the
 * settings sections, a client's panels and the calls to start an alert.
 */
export function Card({
  id,
  title,
  tone = 'plain',
  size = 'lg',
  className = '',
  children,
}: {
  id: string
  title: ReactNode
  tone?: keyof typeof TONES
  /** The heading's size: `xl` for a page's main cards. */
  size?: 'lg' | 'xl'
  /** Where the card stands (its margins and width). */
  className?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border p-5 sm:p-6 ${TONES[tone]} ${className}`.trim()}
    >
      <h2
        id={id}
        className={`${size === 'xl' ? 'text-xl' : 'text-lg'} font-semibold text-slate-900`}
      >
        {title}
      </h2>
      {children}
    </section>
  )
}
