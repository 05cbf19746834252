import { Link, type LinkProps } from '@remix-run/react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'

const TONES = {
  primary: 'bg-brand-600 hover:bg-brand-700 text-white',
  danger: 'bg-red-600 hover:bg-red-700 text-white',
  quiet: 'border border-slate-300 text-slate-700 hover:border-brand-500',
} as const
const SIZES = { sm: 'px-4 py-2', md: 'px-5 py-3', lg: 'px-6 py-3' } as const

export interface ButtonLook {
  tone?: keyof typeof TONES
  size?: keyof typeof SIZES
  className?: string
}

/** The classes of the site's buttons; links that look like buttons use them too. */
export function buttonClass({ tone = 'primary', size = 'md', className = '' }: ButtonLook = {}) {
  return `${TONES[tone]} ${SIZES[size]} rounded-lg text-center font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${className}`.trim()
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>

export function Button({ tone, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ tone, size, className })} {...props} />
}

export function ButtonLink({ tone, size, className, ...props }: ButtonLook & LinkProps) {
  return (
    <Link
      className={buttonClass({ tone, size, className: `inline-block ${className ?? ''}` })}
      {...props}
    />
  )
}

/**
 * A submit button that says what is happening while its form is on its way, and cannot be
 * pressed twice meanwhile.
 */
export function StatusButton({
  busy,
  busyText,
  children,
  disabled,
  ...props
}: ButtonProps & { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? busyText : children}
    </Button>
  )
}
