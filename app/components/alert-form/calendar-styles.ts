import type { LinksFunction } from '@remix-run/node'
import dayPickerStyles from 'react-day-picker/style.css'

/**
 * The calendar's stylesheet. A page with a calendar only preloads it, so it does not hold up the
 * page's first paint; the calendar applies it when it opens, by then from the browser's cache.
 */
export const calendarStylesheet = dayPickerStyles

export const preloadCalendarStyles: LinksFunction = () => [
  { rel: 'preload', as: 'style', href: dayPickerStyles },
]
