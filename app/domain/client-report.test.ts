import { describe, expect, it } from 'vitest'
import {
  ALERTS_EXPORT_COLUMNS,
  alertsExportRows,
  CLIENT_REPORT_COLUMNS,
  clientReportOf,
  clientReportRows,
  deliveryInWords,
  statusInWords,
  textToWords,
  type OpeningSeen,
  type ReportAlertInput,
  type TextRecord,
} from './client-report'

const now = new Date('2027-05-01T12:00:00Z')
const at = (iso: string) => new Date(iso)
const resort = {
  id: 'pop',
  name: "Disney's Pop Century Resort",
  resortLocation: { identifier: 'disney-world' as const },
}
const alertFields = {
  statusReason: null,
  created: '2027-04-01T10:00:00.000Z',
  lastCheckedAt: '2027-05-01T11:55:00.000Z',
  lastFoundAt: '2027-04-20T15:00:00.000Z',
  clientName: 'The Smiths',
  textTo: 'both' as const,
}

const hotel = {
  kind: 'hotel',
  id: 'h1',
  status: 1,
  ...alertFields,
  resort,
  roomIds: ['r1'],
  rooms: [{ id: 'r1', name: 'Standard Room' }],
  checkInDate: '2027-06-08',
  checkOutDate: '2027-06-12',
  splitStays: false,
  numberOfAdults: 2,
  agesOfChildren: [7],
  accessible: false,
  keepWatching: true,
} satisfies ReportAlertInput

const { checkOutDate: _, ...checkIn } = hotel
const flexibleHotel: ReportAlertInput = {
  ...checkIn,
  id: 'h2',
  latestCheckInDate: '2027-06-14',
  minNights: 5,
  maxNights: 6,
}

const dining: ReportAlertInput = {
  kind: 'dining',
  id: 'd1',
  status: 0,
  ...alertFields,
  statusReason: 'The date has passed.',
  textTo: 'agent',
  clientName: null,
  resortLocationIdentifier: 'disneyland',
  diningLocationIds: ['bb', 'cc'],
  diningLocations: [
    { id: 'bb', name: 'Blue Bayou Restaurant', listed: true },
    { id: 'cc', name: 'Carthay Circle Lounge', listed: true },
  ],
  reserveDates: ['2027-04-10', '2027-04-12'],
  partySize: 4,
  mealPeriods: ['dinner'],
}

const hotelOpening = (id: number, firstSeenAt: string, closedAt: string | null): OpeningSeen => ({
  id,
  roomName: 'Standard Room',
  resortName: "Disney's Pop Century Resort",
  diningLocationId: null,
  startsOn: '2027-06-08',
  checkOutDate: '2027-06-12',
  reserveTime: null,
  firstSeenAt: at(firstSeenAt),
  lastSeenAt: closedAt ? at(closedAt) : null,
  closedAt: closedAt ? at(closedAt) : null,
})

const text = (fields: Partial<TextRecord> & Pick<TextRecord, 'id'>): TextRecord => ({
  purpose: 'opening',
  recipient: 'agent',
  alertKind: 'hotel',
  alertId: 'h1',
  openingId: null,
  body: 'A room opened',
  status: 'delivered',
  error: null,
  errorCode: null,
  createdAt: at('2027-04-20T15:00:00Z'),
  sentAt: at('2027-04-20T15:00:02Z'),
  ...fields,
})

const texts: TextRecord[] = [
  text({ id: 't-agent', openingId: 1 }),
  text({
    id: 't-client',
    openingId: 1,
    recipient: 'client',
    status: 'undelivered',
    errorCode: 30005,
  }),
  text({
    id: 't-price',
    purpose: 'price',
    createdAt: at('2027-04-25T09:00:00Z'),
    sentAt: null,
    status: 'skipped',
    error: 'Texts are off.',
  }),
  text({ id: 't-gone', openingId: 99, createdAt: at('2027-04-02T09:00:00Z') }),
  text({
    id: 't-consent',
    purpose: 'consent',
    recipient: 'client',
    alertKind: null,
    alertId: null,
    createdAt: at('2027-03-30T09:00:00Z'),
  }),
]

const report = clientReportOf({
  alerts: [hotel, dining],
  openings: new Map([
    [
      'hotel:h1',
      [
        hotelOpening(1, '2027-04-20T14:58:00Z', '2027-04-20T15:40:00Z'),
        hotelOpening(2, '2027-05-01T11:00:00Z', null),
      ],
    ],
  ]),
  texts,
  now,
})

describe('a client’s report', () => {
  it('says each alert in the words of its page, with its status, dates and time zone', () => {
    const [first, second] = report.alerts
    expect(first).toMatchObject({
      kind: 'hotel',
      id: 'h1',
      name: "Disney's Pop Century Resort",
      watches: 'Jun 8 - Jun 12, Pop Century Resort, Standard Room',
      where: 'Walt Disney World',
      details: '2 adults, 1 child · Standard Room',
      from: '2027-06-08',
      to: '2027-06-12',
      statusText: 'Monitoring',
      textTo: 'both',
      timeZone: 'America/New_York',
      lastCheckedAt: '2027-05-01T11:55:00.000Z',
    })
    expect(second).toMatchObject({
      name: 'Blue Bayou Restaurant or Carthay Circle Lounge',
      statusText: 'Stopped: The date has passed.',
      from: '2027-04-10',
      to: '2027-04-12',
      timeZone: 'America/Los_Angeles',
      openings: [],
      texts: [],
    })
  })

  it('lists the openings open first, each with the texts about it to the agent and the client', () => {
    const [open, closed] = report.alerts[0]!.openings
    expect(open).toMatchObject({
      id: 2,
      open: true,
      closedAt: null,
      durationSeconds: 3600,
      openFor: '1 h',
      texts: [],
    })
    expect(closed).toMatchObject({
      id: 1,
      what: 'Standard Room at Pop Century Resort, Jun 8 - Jun 12',
      open: false,
      firstSeenAt: '2027-04-20T14:58:00.000Z',
      closedAt: '2027-04-20T15:40:00.000Z',
      openFor: '42 min',
    })
    expect(closed!.texts.map((sent) => [sent.recipient, sent.delivery])).toEqual([
      ['agent', 'Delivered'],
      ['client', 'Not delivered (the number is unknown or no longer in service)'],
    ])
  })

  it('keeps an alert’s texts about no listed opening with it, and the client’s others apart', () => {
    expect(report.alerts[0]!.texts.map((sent) => [sent.id, sent.about, sent.delivery])).toEqual([
      ['t-price', 'Price drop', 'Not sent (Texts are off.)'],
      ['t-gone', 'Opening', 'Delivered'],
    ])
    expect(report.otherTexts).toMatchObject([
      { id: 't-consent', about: 'Asked to agree to texts', recipient: 'client' },
    ])
    expect(report.totals).toEqual({
      alerts: 2,
      openings: 2,
      openNow: 1,
      texts: 5,
      textsToClient: 2,
    })
  })

  it('names a dining opening by its restaurant, day and time', () => {
    const table: OpeningSeen = {
      ...hotelOpening(5, '2027-04-09T01:00:00Z', null),
      roomName: null,
      resortName: null,
      diningLocationId: 'cc',
      startsOn: '2027-04-10',
      checkOutDate: null,
      reserveTime: '18:15:00',
    }
    const { alerts } = clientReportOf({
      alerts: [dining],
      openings: new Map([['dining:d1', [table]]]),
      texts: [],
      now,
    })
    expect(alerts[0]!.openings[0]!.what).toBe('Carthay Circle Lounge, Sat, Apr 10, 2027 at 6:15 PM')
  })
})

describe('a client’s report as CSV rows', () => {
  it('has a row per text about an opening, per opening without one, per other text and per quiet alert', () => {
    const rows = clientReportRows(report, 'The Smiths')
    expect(rows[0]).toEqual([...CLIENT_REPORT_COLUMNS])
    const pop = [
      "Disney's Pop Century Resort",
      'Hotel',
      'Jun 8 - Jun 12, Pop Century Resort, Standard Room',
      '2 adults, 1 child · Standard Room',
      'Monitoring',
    ]
    const opening = 'Standard Room at Pop Century Resort, Jun 8 - Jun 12'
    const closed = [opening, '2027-04-20T14:58:00.000Z', '2027-04-20T15:40:00.000Z', '42 min']
    const none = [null, null, null, null]
    expect(rows.slice(1)).toEqual([
      [...pop, opening, '2027-05-01T11:00:00.000Z', null, '1 h', ...none],
      [...pop, ...closed, 'Opening', '2027-04-20T15:00:02.000Z', 'You', 'Delivered'],
      [
        ...pop,
        ...closed,
        'Opening',
        '2027-04-20T15:00:02.000Z',
        'The Smiths',
        'Not delivered (the number is unknown or no longer in service)',
      ],
      // A text never sent says when it was to be.
      [
        ...pop,
        ...none,
        'Price drop',
        '2027-04-25T09:00:00.000Z',
        'You',
        'Not sent (Texts are off.)',
      ],
      [...pop, ...none, 'Opening', '2027-04-20T15:00:02.000Z', 'You', 'Delivered'],
      [
        'Blue Bayou Restaurant or Carthay Circle Lounge',
        'Dining',
        'Dinner for 4 at Blue Bayou Restaurant or Carthay Circle Lounge, Apr 10 or Apr 12',
        'Party of 4 · Dinner',
        'Stopped: The date has passed.',
        ...none,
        ...none,
      ],
      [
        ...Array(9).fill(null),
        'Asked to agree to texts',
        '2027-04-20T15:00:02.000Z',
        'The Smiths',
        'Delivered',
      ],
    ])
  })
})

describe('the account’s alerts as CSV rows', () => {
  it('give each alert its client, who its texts go to, its first and last day and its times', () => {
    const rows = alertsExportRows([flexibleHotel, dining], now)
    expect(rows[0]).toEqual([...ALERTS_EXPORT_COLUMNS])
    expect(rows[1]).toEqual([
      'h2',
      'Hotel',
      "Disney's Pop Century Resort",
      'The Smiths',
      'You and The Smiths',
      '5–6 nights, check in Jun 8–14, Pop Century Resort, Standard Room',
      'Walt Disney World',
      '2 adults, 1 child · Standard Room',
      '2027-06-08',
      '2027-06-20',
      'Monitoring',
      '2027-04-01T10:00:00.000Z',
      '2027-05-01T11:55:00.000Z',
      '2027-04-20T15:00:00.000Z',
    ])
    expect(rows[2]!.slice(3, 5)).toEqual([null, 'You'])
    expect(rows[2]!.slice(8, 11)).toEqual([
      '2027-04-10',
      '2027-04-12',
      'Stopped: The date has passed.',
    ])
  })
})

describe('words of a report', () => {
  it('say who texts go to, a delivery and a status', () => {
    expect(textToWords('agent', 'The Smiths')).toBe('You')
    expect(textToWords('client', 'The Smiths')).toBe('The Smiths')
    expect(textToWords('both', null)).toBe('You and the client')
    expect(
      deliveryInWords({ status: 'held', error: 'Held for quiet hours.', errorCode: null }),
    ).toBe('Held for quiet hours (Held for quiet hours.)')
    expect(deliveryInWords({ status: 'sent', error: null, errorCode: null })).toBe('Sent')
    expect(statusInWords({ kind: 'hotel', status: 2, statusReason: null })).toBe('Found')
    // A running alert's old reason is not its status.
    expect(statusInWords({ kind: 'hotel', status: 1, statusReason: 'Old' })).toBe('Monitoring')
  })
})
