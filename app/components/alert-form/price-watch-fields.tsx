import { Link } from '@remix-run/react'
import { ErrorText } from '~/components/ui/notice'
import { textOf, type Source } from '~/domain/alert-drafts'
import { HOTEL_PARTY } from '~/domain/hotel-alert'
import { EMPTY_HOTEL_DRAFT, readHotelDraft, type HotelDraft } from '~/domain/hotel-drafts'
import type { RateType } from '~/domain/price-terms'
import type { SavingKind } from '~/domain/price-watch-form'
import { inputClass } from './field'
import { HotelAlertsNote } from './hotel-sidebar'
import { SidebarCard } from './page-chrome'
import type { ResortRooms } from './use-hotel-draft'

/*
 * The price watch page form's own fields (issue 30): the booked stay's room type, and what was
 * paid for it. The resort, the dates and the party are the hotel form's own fields. Only types come
 * from the schema's modules: their values would bring zod into the page (decision 0012).
 */

/** What the price watch form holds while it is being filled in, its dollars as typed. */
export interface PriceWatchDraft {
  /** The booked stay as the hotel form holds one: one resort, its one room type in roomIds. */
  stay: HotelDraft
  paidTotal: string
  rateType: RateType | null
  savingKind: SavingKind
  saving: string
}

const RATE_TYPES: readonly { value: RateType; label: string }[] = [
  { value: 'room-only', label: 'Room only' },
  { value: 'package', label: 'Package (the room with park tickets or dining)' },
]

const SAVING_KINDS: readonly { value: SavingKind; label: string }[] = [
  { value: 'amount', label: 'An amount in dollars' },
  { value: 'percent', label: 'A percentage of what you paid' },
]

const wholeNumber = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : null)

/**
 * The party as an "I booked it" link gives it (`adults`, `childAges` as "4,9"), when the form's
 * own fields are not there; a value out of range leaves the field as it was.
 */
function linkedParty(source: Source): Partial<Pick<HotelDraft, 'adults' | 'childAges'>> {
  const { adults, children, age } = HOTEL_PARTY
  const count = wholeNumber(textOf(source, 'adults'))
  const ages = textOf(source, 'childAges').split(',').map(wholeNumber)
  const party: Partial<Pick<HotelDraft, 'adults' | 'childAges'>> = {}
  if (!source.has('numberOfAdults') && count !== null && count >= adults.min && count <= adults.max)
    party.adults = count
  const allAges = ages.filter((item): item is number => item !== null && item <= age.max)
  if (
    !source.has('numberOfChildren') &&
    allAges.length === ages.length &&
    ages.length <= children.max
  )
    party.childAges = allAges
  return party
}

/**
 * The form from the address (an "I booked it" link, or the form sent again without JavaScript)
 * or from a post, every value forgiven: what cannot be read is left empty. Whether the resort and
 * the room type exist is for the page to check against the catalogue.
 */
export function readPriceWatchDraft(source: Source): PriceWatchDraft {
  const hotel = readHotelDraft(source)
  const roomId = textOf(source, 'roomId')
  const rateType = textOf(source, 'rateType')
  return {
    stay: {
      ...EMPTY_HOTEL_DRAFT,
      resortId: hotel.resortId,
      roomIds: roomId ? [roomId] : [],
      checkInDate: hotel.checkInDate,
      checkOutDate: hotel.checkOutDate,
      adults: hotel.adults,
      childAges: hotel.childAges,
      accessible: hotel.accessible,
      ...linkedParty(source),
    },
    paidTotal: textOf(source, 'paidTotal').trim(),
    rateType: RATE_TYPES.find((type) => type.value === rateType)?.value ?? null,
    savingKind: textOf(source, 'savingKind') === 'percent' ? 'percent' : 'amount',
    saving: textOf(source, 'saving').trim(),
  }
}

/** The one room type booked, among the resort's that fit the party: a plain select. */
export function BookedRoomField({
  rooms,
  roomId,
  onChange,
  error,
}: {
  rooms: ResortRooms
  roomId: string
  onChange: (roomId: string) => void
  error?: string
}) {
  if (rooms.loading) return <p className="text-sm text-slate-500">Loading room types…</p>
  if (rooms.failed)
    return (
      <p role="alert" className="text-sm text-red-600">
        Failed to load room types. Please try again.
      </p>
    )
  if (rooms.fitting.length === 0)
    return (
      <p role="alert" className="text-sm text-orange-800">
        No room type of this resort fits this party. Check the party you booked for.
      </p>
    )
  return (
    <div>
      <label htmlFor="price-watch-room" className="mb-1 block text-sm font-medium text-slate-700">
        The room type you booked
      </label>
      <select
        id="price-watch-room"
        name="roomId"
        value={roomId}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? 'price-watch-room-error' : undefined}
        className={inputClass}
      >
        <option value="">Choose a room type</option>
        {rooms.fitting.map((room) => (
          <option key={room.id} value={room.id}>
            {room.name}
          </option>
        ))}
      </select>
      <ErrorText id="price-watch-room-error" className="mt-1">
        {error}
      </ErrorText>
    </div>
  )
}

const label = 'mb-1 block text-sm font-medium text-slate-700'

/** A choice of one, as radio buttons that post without JavaScript. */
function Radios<Value extends string>({
  name,
  choices,
  checked,
}: {
  name: string
  choices: readonly { value: Value; label: string }[]
  checked: string | null
}) {
  return (
    <div className="space-y-2">
      {choices.map((choice) => (
        <label key={choice.value} className="flex items-center gap-3 text-sm text-slate-700">
          <input
            type="radio"
            name={name}
            value={choice.value}
            defaultChecked={checked === choice.value}
          />
          {choice.label}
        </label>
      ))}
    </div>
  )
}

/**
 * What was paid and the saving worth a text. The dollars are text fields, read as people type
 * them ("$2,384.50"), and come back as typed when refused; the choices are radio buttons, which
 * post without JavaScript.
 */
export function WhatYouPaidFields({
  draft,
  errorOf,
}: {
  draft: Pick<PriceWatchDraft, 'paidTotal' | 'rateType' | 'savingKind' | 'saving'>
  errorOf: (name: string) => string | undefined
}) {
  const errors = {
    paidTotal: errorOf('paidTotal'),
    rateType: errorOf('rateType'),
    saving: errorOf('saving'),
  }
  const invalid = (name: 'paidTotal' | 'saving') =>
    errors[name] ? { 'aria-invalid': true, 'aria-errormessage': `price-watch-${name}-error` } : {}
  return (
    <div className="space-y-6">
      <div>
        <label htmlFor="price-watch-paid" className={label}>
          What you paid for the room, before tax (US dollars)
        </label>
        <input
          id="price-watch-paid"
          name="paidTotal"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="2,384.50"
          defaultValue={draft.paidTotal}
          className={`${inputClass} max-w-52`}
          {...invalid('paidTotal')}
        />
        <ErrorText id="price-watch-paidTotal-error" className="mt-1">
          {errors.paidTotal}
        </ErrorText>
      </div>

      <fieldset>
        <legend className={label}>Room-only or package</legend>
        <Radios name="rateType" choices={RATE_TYPES} checked={draft.rateType} />
        <ErrorText id="price-watch-rateType-error" className="mt-1">
          {errors.rateType}
        </ErrorText>
      </fieldset>

      <fieldset>
        <legend className={label}>The saving worth a text</legend>
        <Radios name="savingKind" choices={SAVING_KINDS} checked={draft.savingKind} />
        <label htmlFor="price-watch-saving" className={`mt-3 ${label}`}>
          Text me when I would save at least
        </label>
        <input
          id="price-watch-saving"
          name="saving"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="50"
          defaultValue={draft.saving}
          aria-describedby="price-watch-saving-hint"
          className={`${inputClass} max-w-40`}
          {...invalid('saving')}
        />
        <p id="price-watch-saving-hint" className="mt-1 text-sm text-slate-500">
          For example 50 (dollars) or 5 (percent).
        </p>
        <ErrorText id="price-watch-saving-error" className="mt-1">
          {errors.saving}
        </ErrorText>
      </fieldset>

      <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
        We never see or change your reservation: no booking number, no Disney login. If the price
        drops, you change your booking yourself with Disney.
      </p>
    </div>
  )
}

/** What a price watch does, beside the form. */
export function PriceWatchSidebar() {
  return (
    <>
      <SidebarCard title="How a price watch works">
        <p>
          We check today&apos;s price of the same room for the same dates and party. When it drops
          by at least your saving, or a discount appears on your room, we text you once, with the
          saving.
        </p>
        <p>Another text comes only if the price drops further.</p>
        <p>
          A price watch counts as one alert of your plan. See{' '}
          <Link to="/pricing" className="text-brand-700 underline">
            Pricing
          </Link>
          .
        </p>
      </SidebarCard>
      <HotelAlertsNote />
    </>
  )
}
