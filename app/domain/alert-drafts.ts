/*
 * The alert forms while they are being filled in: read from the URL or a posted form (every
 * value forgiven, so a hand-edited link still opens the page), and the drafts kept for after
 * sign-in. Each kind's drafts are in its own module (hotel-drafts.ts, dining-drafts.ts), so a
 * page loads only its own.
 */

export type Source = URLSearchParams | FormData

export function textOf(source: Source, key: string): string {
  const value = source.get(key)
  return typeof value === 'string' ? value : ''
}

/** The field that turns an alert page form into the editing of one alert. */
export const EDIT_FIELD = 'edit'
