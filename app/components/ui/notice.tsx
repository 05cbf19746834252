import type { ReactNode } from 'react'

const TONES = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-700',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
} as const
export type NoticeTone = keyof typeof TONES

/**
 * A message in a box: errors are alerts (read out at once), successes a status, the rest plain.
 */
export function Notice({
  tone,
  children,
  className = '',
}: {
  tone: NoticeTone
  children: ReactNode
  className?: string
}) {
  const role = tone === 'error' ? 'alert' : tone === 'success' ? 'status' : undefined
  return (
    <p role={role} className={`rounded-lg border p-3 ${TONES[tone]} ${className}`.trim()}>
      {children}
    </p>
  )
}

/** An error in words, read out at once; nothing when there is none. */
export function ErrorText({
  id,
  className = '',
  children,
}: {
  id?: string
  className?: string
  children: ReactNode
}) {
  if (!children) return null
  return (
    <p id={id} role="alert" className={`text-sm text-red-600 ${className}`.trim()}>
      {children}
    </p>
  )
}
