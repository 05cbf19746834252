import { describe, expect, it } from 'vitest'
import { readPriceWatchDraft } from '~/components/alert-form/price-watch-fields'
import { HOTEL_MESSAGES } from './hotel-alert'
import { PRICE_MESSAGES } from './price-terms'
import { formFieldOf, parsePriceWatchForm, readPercent } from './price-watch-form'
import {
  BOOKED_FORM_FIELDS,
  BOOKED_WATCH_TERMS,
  UNREAD_STAY,
} from '../../tests/support/price-watch.ts'

const today = '2026-11-22'

/** A posted form: repeated names for lists, as a browser posts them. */
function posted(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields))
    for (const item of [value].flat()) form.append(key, item)
  return parsePriceWatchForm(today)(form)
}

const booked = {
  resortId: 'poly',
  roomId: 'deluxe',
  checkInDate: '2027-03-10',
  checkOutDate: '2027-03-14',
  ...BOOKED_FORM_FIELDS,
}

function valueOf(fields: Record<string, string | string[]>) {
  const submission = posted(fields)
  return submission.status === 'success' ? submission.value : submission.error
}

function errorsOf(fields: Record<string, string | string[]>) {
  const submission = posted(fields)
  return submission.status === 'success' ? {} : submission.error
}

describe('the price watch form', () => {
  it('gives the hotel alert the JSON API takes, with watch "price"', () => {
    expect(valueOf(booked)).toEqual({
      resortId: 'poly',
      roomIds: ['deluxe'],
      checkInDate: '2027-03-10',
      checkOutDate: '2027-03-14',
      ...BOOKED_WATCH_TERMS,
    })
  })

  it.each([
    ['2384', 2384],
    ['2,384.50', 2384.5],
    ['$2384', 2384],
    [' $ 12,384.05 ', 12384.05],
  ])('reads %j as people type dollars', (paidTotal, dollars) => {
    expect(valueOf({ ...booked, paidTotal })).toMatchObject({ paidTotal: dollars })
  })

  it('reads a percentage, with or without its sign, and a package', () => {
    expect(
      valueOf({ ...booked, savingKind: 'percent', saving: '5%', rateType: 'package' }),
    ).toMatchObject({ minSavingPercent: 5, rateType: 'package' })
    expect(valueOf({ ...booked, savingKind: 'percent', saving: '12' })).not.toHaveProperty(
      'minSaving',
    )
    expect(valueOf({ ...booked, accessible: 'on' })).toMatchObject({ accessible: true })
  })

  it.each([
    [{ paidTotal: '2,38' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
    [{ paidTotal: 'about 2000' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
    [{ paidTotal: '0' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
    [{ paidTotal: '100,000.01' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
    [{ paidTotal: '' }, { paidTotal: [PRICE_MESSAGES.paidTotal] }],
    [{ rateType: '' }, { rateType: [PRICE_MESSAGES.rateType] }],
    [{ rateType: 'deluxe' }, { rateType: [PRICE_MESSAGES.rateType] }],
    [{ savingKind: ['amount', 'percent'] }, { saving: [PRICE_MESSAGES.savingOrPercent] }],
    [{ saving: '' }, { saving: [PRICE_MESSAGES.saving] }],
    [{ saving: 'lots' }, { saving: [PRICE_MESSAGES.saving] }],
    [{ savingKind: 'percent', saving: '5.5' }, { saving: [PRICE_MESSAGES.percent] }],
    [{ savingKind: 'percent', saving: '95' }, { saving: [PRICE_MESSAGES.percent] }],
    [{ roomId: ['deluxe', 'standard'] }, { roomId: [PRICE_MESSAGES.watchOneRoom] }],
    [{ roomId: '' }, { roomId: [HOTEL_MESSAGES.rooms] }],
    [{ checkOutDate: '2027-03-09' }, { checkOutDate: [HOTEL_MESSAGES.checkOutAfterCheckIn] }],
    [{ numberOfChildren: '2' }, { agesOfChildren: [HOTEL_MESSAGES.ages] }],
  ])('refuses %j beside its field', (change, errors) => {
    expect(errorsOf({ ...booked, ...change })).toEqual(errors)
  })

  it('says what is wrong with the price at once, even before the stay is right', () => {
    expect(errorsOf({ numberOfAdults: '2', paidTotal: 'x', savingKind: 'amount' })).toEqual({
      resortId: [HOTEL_MESSAGES.resort],
      checkInDate: [HOTEL_MESSAGES.dates],
      checkOutDate: [HOTEL_MESSAGES.dates],
      roomId: [HOTEL_MESSAGES.rooms],
      paidTotal: [PRICE_MESSAGES.paidTotal],
      rateType: [PRICE_MESSAGES.rateType],
      saving: [PRICE_MESSAGES.saving],
    })
  })
})

describe('reading the form’s words', () => {
  it('reads a percentage as typed, and nothing else', () => {
    expect(readPercent('5')).toBe(5)
    expect(readPercent(' 7 % ')).toBe(7)
    expect(readPercent('7.5')).toBe(7.5)
    expect(readPercent('five')).toBeNull()
    expect(readPercent('-5')).toBeNull()
  })

  it('names the API’s fields as the form does', () => {
    expect(formFieldOf(['roomIds'])).toBe('roomId')
    expect(formFieldOf(['roomIds', 1])).toBe('roomId')
    expect(formFieldOf(['minSaving'])).toBe('saving')
    expect(formFieldOf(['minSavingPercent'])).toBe('saving')
    expect(formFieldOf(['agesOfChildren', 0])).toBe('agesOfChildren')
    expect(formFieldOf([])).toBe('')
  })
})

describe('the draft from an "I booked it" link', () => {
  it('fills in the stay and the party the link gives', () => {
    const draft = readPriceWatchDraft(
      new URLSearchParams(
        'resortId=poly&roomId=deluxe&checkInDate=2027-03-10&checkOutDate=2027-03-14&adults=3&childAges=4,9&accessible=true',
      ),
    )
    expect(draft.stay).toMatchObject({
      resortId: 'poly',
      roomIds: ['deluxe'],
      checkInDate: '2027-03-10',
      checkOutDate: '2027-03-14',
      adults: 3,
      childAges: [4, 9],
      accessible: true,
    })
    expect(draft).toMatchObject({ paidTotal: '', rateType: null, savingKind: 'amount' })
  })

  it('leaves what it cannot read empty', () => {
    const draft = readPriceWatchDraft(
      new URLSearchParams(
        'checkInDate=2027-13-45&checkOutDate=soon&adults=40&childAges=4,x&accessible=maybe&rateType=cheap&savingKind=all',
      ),
    )
    expect(draft.stay).toMatchObject({ resortId: null, ...UNREAD_STAY })
    expect(draft).toMatchObject({ rateType: null, savingKind: 'amount' })
  })

  it('reads the form’s own party fields over the link’s', () => {
    const draft = readPriceWatchDraft(
      new URLSearchParams('adults=3&childAges=4&numberOfAdults=1&numberOfChildren=0'),
    )
    expect(draft.stay).toMatchObject({ adults: 1, childAges: [] })
  })
})
