import type { ReactNode } from 'react'
import { Notice, type NoticeTone } from './notice'

/**
 * What the last post came to: its refusal, or else the notice it left (with `children` after the
 * notice's words, such as a link). In a module of its own so that pages without it don't load it.
 */
export function OutcomeNotice({
  error,
  notice,
  className,
  children,
}: {
  error?: string | null
  notice?: { tone: NoticeTone; message: string } | null
  className?: string
  children?: ReactNode
}) {
  if (error)
    return (
      <Notice tone="error" className={className}>
        {error}
      </Notice>
    )
  if (!notice) return null
  return (
    <Notice tone={notice.tone} className={className}>
      {notice.message}
      {children}
    </Notice>
  )
}
