import { Link } from '@remix-run/react'
import { durationText } from '~/domain/alert-history'
import { formatDateRange, formatLongDate, formatMoment } from '~/domain/dates'
import { TEXT_STATUS_LABEL } from '~/domain/delivery'
import { twelveHour } from '~/domain/dining-alert'
import type { AlertHistory } from '~/models/alert-history.server'

type Opening = AlertHistory['openings'][number]
type HotelOpening = Extract<Opening, { roomName: string }>

function openingName(opening: Opening, currentYear: number) {
  return 'roomName' in opening
    ? `${opening.roomName}, ${formatDateRange(opening.checkInDate, opening.checkOutDate, currentYear)}`
    : `${formatLongDate(opening.reserveDate)} at ${twelveHour(opening.time)}`
}

function OpeningText({ text, timeZone }: { text: NonNullable<Opening['text']>; timeZone: string }) {
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-3 text-sm">
      <p className="text-slate-600">
        <span className="font-semibold text-slate-900">{TEXT_STATUS_LABEL[text.status]}</span>
        {text.problem && ` (${text.problem})`} · texted {formatMoment(text.createdAt, timeZone)}
      </p>
      <p className="mt-1 text-slate-700">{text.body}</p>
    </div>
  )
}

/**
 * Every opening the alert saw, open ones first, with the text it got and where to book; with
 * `bookedIt`, a hotel opening also links to the price watch of that stay ("I booked it").
 */
export function AlertOpenings({
  openings,
  timeZone,
  currentYear,
  bookedIt,
}: {
  openings: Opening[]
  timeZone: string
  currentYear: number
  bookedIt?: (opening: HotelOpening) => string
}) {
  return (
    <ul className="mt-4 space-y-3">
      {openings.map((opening) => (
        <li
          key={opening.id}
          className={`rounded-lg border p-4 ${opening.open ? 'border-green-300 bg-green-50' : 'border-slate-200'}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium text-slate-900">{openingName(opening, currentYear)}</p>
            {opening.open && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                Open now
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Appeared {formatMoment(opening.firstSeenAt, timeZone)} ·{' '}
            {opening.open
              ? `open for ${durationText(opening.durationSeconds * 1000)} so far`
              : `lasted ${durationText(opening.durationSeconds * 1000)}`}
          </p>
          {opening.text ? (
            <OpeningText text={opening.text} timeZone={timeZone} />
          ) : (
            <p className="mt-1 text-sm text-slate-500">No text about this one.</p>
          )}
          {opening.bookingUrl && (
            <a
              href={opening.bookingUrl}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 mt-2 inline-block text-sm font-semibold hover:underline"
            >
              {opening.open ? 'Book it on Disney’s site' : 'Disney’s booking page'}
            </a>
          )}
          {bookedIt && 'roomName' in opening && (
            <p className="mt-2 text-sm text-slate-600">
              <Link to={bookedIt(opening)} className="text-brand-700 font-semibold hover:underline">
                I booked it<span className="sr-only">: {openingName(opening, currentYear)}</span>
              </Link>{' '}
              — we can watch its price and text you if it drops.
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
