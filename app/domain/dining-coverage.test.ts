import { describe, expect, it } from 'vitest'
import { datesChosen, diningCoverage } from './dining-coverage'

const oneDate = { reserveDate: '2027-06-08', latestReserveDate: '', reserveDates: [] }
const ids = (count: number) => Array.from({ length: count }, (_, index) => `r${index}`)

describe('datesChosen', () => {
  it('reads one date, a range with both ends, or a list in order without repeats', () => {
    expect(datesChosen(oneDate)).toEqual(['2027-06-08'])
    expect(datesChosen({ ...oneDate, latestReserveDate: '2027-06-10' })).toEqual([
      '2027-06-08',
      '2027-06-09',
      '2027-06-10',
    ])
    expect(datesChosen({ ...oneDate, latestReserveDate: '2027-06-08' })).toEqual(['2027-06-08'])
    expect(
      datesChosen({ ...oneDate, reserveDates: ['2027-06-12', '2027-06-08', '2027-06-12'] }),
    ).toEqual(['2027-06-08', '2027-06-12'])
  })

  it('reads nothing without a first date or with the last before it', () => {
    expect(datesChosen({ ...oneDate, reserveDate: '' })).toEqual([])
    expect(datesChosen({ ...oneDate, reserveDate: '', latestReserveDate: '2027-06-10' })).toEqual(
      [],
    )
    expect(datesChosen({ ...oneDate, latestReserveDate: '2027-06-01' })).toEqual([])
  })
})

describe('diningCoverage', () => {
  it('says the simplest alert is one check', () => {
    expect(diningCoverage({ ...oneDate, diningLocationIds: ['r0'] })).toEqual({
      restaurants: 1,
      dates: 1,
      tooWide: false,
      words: '1 restaurant on 1 date: 1 check',
    })
  })

  it('counts a check a date, whatever the restaurants', () => {
    const range = { ...oneDate, latestReserveDate: '2027-06-12' }
    expect(diningCoverage({ ...range, diningLocationIds: ids(3) })?.words).toBe(
      '3 restaurants on 5 dates: 5 checks, one a date',
    )
    expect(diningCoverage({ ...oneDate, diningLocationIds: ids(10) })?.words).toBe(
      '10 restaurants on 1 date: 1 check',
    )
    const list = { ...oneDate, reserveDates: ['2027-06-08', '2027-06-10'] }
    expect(diningCoverage({ ...list, diningLocationIds: ['r0', 'r0'] })?.words).toBe(
      '1 restaurant on 2 dates: 2 checks, one a date',
    )
  })

  it('says the limit when an alert is wider than one alert may be', () => {
    const fifteen = { ...oneDate, latestReserveDate: '2027-06-22' }
    expect(diningCoverage({ ...fifteen, diningLocationIds: ids(1) })).toMatchObject({
      dates: 15,
      tooWide: true,
      words: '15 dates: one alert can watch at most 14',
    })
    expect(diningCoverage({ ...oneDate, diningLocationIds: ids(11) })).toMatchObject({
      tooWide: true,
      words: '11 restaurants: one alert can watch at most 10',
    })
    const fourteen = { ...oneDate, latestReserveDate: '2027-06-21' }
    expect(diningCoverage({ ...fourteen, diningLocationIds: ids(10) })?.tooWide).toBe(false)
  })

  it('says nothing until a restaurant and a date are chosen', () => {
    expect(diningCoverage({ ...oneDate, diningLocationIds: [] })).toBeNull()
    expect(diningCoverage({ ...oneDate, reserveDate: '', diningLocationIds: ['r0'] })).toBeNull()
  })
})
