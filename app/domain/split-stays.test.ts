import { addDays } from './dates'
import { describe, expect, it } from 'vitest'
import { exactStayFields, stayBetween, staysOf, type FlexibleHotelAlert } from './flexible-stays'
import { MAX_NIGHTS } from './hotel-alert'
import { hotelOpeningKey } from './openings'
import {
  findSplitStays,
  hotelAlertQuestionsOf,
  splitOpeningKey,
  splitStayQuestions,
  splitSubStays,
  type StayAnswer,
} from './split-stays'

const alert: FlexibleHotelAlert = {
  resorts: [
    { resortId: 'beach-club', roomIds: ['water-view', 'garden-view'] },
    { resortId: 'polynesian', roomIds: 'any' },
  ],
  ...exactStayFields('2027-06-09', '2027-06-14'),
  numberOfAdults: 2,
  agesOfChildren: [],
  accessible: false,
  splitStays: true,
}

const span = (stay: { checkInDate: string; checkOutDate: string }) =>
  `${stay.checkInDate.slice(5)}..${stay.checkOutDate.slice(5)}`

describe('splitSubStays', () => {
  it('of a 5-night stay: the first k and the last 5 - k nights, 8 shorter stays', () => {
    const parts = splitSubStays(staysOf(alert))
    expect(parts.map(span)).toEqual([
      '06-09..06-10',
      '06-09..06-11',
      '06-09..06-12',
      '06-09..06-13',
      '06-10..06-14',
      '06-11..06-14',
      '06-12..06-14',
      '06-13..06-14',
    ])
  })

  it('adds 2(n - 1) stays to an exact stay of n nights, none to one night', () => {
    for (let nights = 1; nights <= MAX_NIGHTS; nights++) {
      const stay = stayBetween('2027-06-09', addDays('2027-06-09', nights))
      expect(splitSubStays([stay])).toHaveLength(2 * (nights - 1))
    }
  })

  it('adds at most (2D + M - m)(M - 1) stays to a window of D check-ins and m to M nights', () => {
    for (const checkIns of [1, 2, 7, 15])
      for (const [least, most] of [
        [1, 1],
        [2, 3],
        [5, 6],
        [3, 7],
        [1, 14],
      ] as const) {
        const window = {
          checkInDate: '2027-06-08',
          latestCheckInDate: addDays('2027-06-08', checkIns - 1),
          minNights: least,
          maxNights: most,
        }
        const count = splitSubStays(staysOf(window)).length
        expect(count).toBeLessThanOrEqual((2 * checkIns + most - least) * (most - 1))
      }
  })

  it("leaves out the alert's own stays, which it asks anyway", () => {
    const window = { ...alert, minNights: 2, maxNights: 3 }
    const own = new Set(staysOf(window).map(span))
    const parts = splitSubStays(staysOf(window)).map(span)
    // 06-09..06-11 is the first part of the 3-night stay and a stay of the alert's own.
    expect(parts).toEqual(['06-09..06-10', '06-10..06-11', '06-10..06-12', '06-11..06-12'])
    expect(parts.filter((part) => own.has(part))).toEqual([])
  })
})

describe('splitStayQuestions', () => {
  it('asks every shorter stay at every resort, and nothing without split stays', () => {
    const questions = splitStayQuestions(alert)
    expect(questions).toHaveLength(16)
    expect(questions.slice(0, 2).map((q) => `${q.resortId} ${span(q)}`)).toEqual([
      'beach-club 06-09..06-10',
      'polynesian 06-09..06-10',
    ])
    expect(splitStayQuestions({ ...alert, splitStays: false })).toEqual([])
  })
})

describe('hotelAlertQuestionsOf', () => {
  it('asks its own stays, then the split parts it does not ask already, each once', () => {
    // 3 or 4 nights from Jun 9: a 3-night stay is both a stay and a part of the 4-night one.
    const flexible = { ...alert, minNights: 3, maxNights: 4 }
    const questions = hotelAlertQuestionsOf(flexible)
    const own = questions.filter((asked) => !asked.split).map((asked) => asked.question)
    const parts = questions.filter((asked) => asked.split).map((asked) => asked.question)
    expect(own.map((q) => `${q.resortId} ${span(q)}`)).toEqual([
      'beach-club 06-09..06-12',
      'polynesian 06-09..06-12',
      'beach-club 06-09..06-13',
      'polynesian 06-09..06-13',
    ])
    expect(new Set(questions.map((asked) => asked.question.key)).size).toBe(questions.length)
    expect(parts.map(span)).not.toContain('06-09..06-12')
    expect(parts.length).toBe(splitStayQuestions(flexible).length)
    expect(hotelAlertQuestionsOf({ ...flexible, splitStays: false })).toHaveLength(4)
  })
})

/** Answers of one check: a resort's open rooms for a stay of the given nights. */
function answer(resortId: string, from: string, to: string, openRoomIds: string[]): StayAnswer {
  return { resortId, checkInDate: `2027-${from}`, checkOutDate: `2027-${to}`, openRoomIds }
}

const said = (splits: ReturnType<typeof findSplitStays>) =>
  splits.map(
    (split) =>
      `${split.first.resortId}:${split.first.roomId} ${span(split.first)} / ${split.second.resortId}:${split.second.roomId} ${span(split.second)}`,
  )

describe('findSplitStays', () => {
  it('offers two back-to-back bookings with the day of the move', () => {
    const splits = findSplitStays(alert, [
      answer('beach-club', '06-09', '06-12', ['water-view']),
      answer('polynesian', '06-12', '06-14', ['garden-view']),
    ])
    expect(splits).toEqual([
      {
        stay: { checkInDate: '2027-06-09', checkOutDate: '2027-06-14', nights: 5 },
        moveOn: '2027-06-12',
        first: {
          resortId: 'beach-club',
          roomId: 'water-view',
          checkInDate: '2027-06-09',
          checkOutDate: '2027-06-12',
        },
        second: {
          resortId: 'polynesian',
          roomId: 'garden-view',
          checkInDate: '2027-06-12',
          checkOutDate: '2027-06-14',
        },
      },
    ])
  })

  it('offers none when one room covers the whole stay, or the alert does not split', () => {
    const parts = [
      answer('beach-club', '06-09', '06-12', ['water-view']),
      answer('polynesian', '06-12', '06-14', ['garden-view']),
    ]
    expect(
      findSplitStays(alert, [...parts, answer('polynesian', '06-09', '06-14', ['x'])]),
    ).toEqual([])
    expect(findSplitStays({ ...alert, splitStays: false }, parts)).toEqual([])
    // A whole-stay answer with nothing open, or none at all, is no room.
    expect(
      findSplitStays(alert, [...parts, answer('polynesian', '06-09', '06-14', [])]),
    ).toHaveLength(1)
  })

  it('needs both halves open back to back', () => {
    expect(
      findSplitStays(alert, [
        answer('beach-club', '06-09', '06-11', ['water-view']),
        answer('polynesian', '06-12', '06-14', ['garden-view']),
      ]),
    ).toEqual([])
  })

  it('puts one resort first, the same room type booked twice first of all, then the alert’s order', () => {
    const splits = findSplitStays(
      alert,
      [
        answer('beach-club', '06-09', '06-12', ['water-view']),
        answer('beach-club', '06-12', '06-14', ['garden-view', 'water-view']),
        answer('polynesian', '06-09', '06-12', ['garden-view']),
        answer('polynesian', '06-12', '06-14', ['garden-view']),
      ],
      10,
    )
    expect(said(splits)).toEqual([
      'beach-club:water-view 06-09..06-12 / beach-club:water-view 06-12..06-14',
      'polynesian:garden-view 06-09..06-12 / polynesian:garden-view 06-12..06-14',
      'beach-club:water-view 06-09..06-12 / beach-club:garden-view 06-12..06-14',
      'beach-club:water-view 06-09..06-12 / polynesian:garden-view 06-12..06-14',
      'polynesian:garden-view 06-09..06-12 / beach-club:garden-view 06-12..06-14',
      'polynesian:garden-view 06-09..06-12 / beach-club:water-view 06-12..06-14',
    ])
    expect(findSplitStays(alert, [], 10)).toEqual([])
  })

  it('moves each pair of rooms once, on the night that splits the stay most evenly', () => {
    const anyNight = ['06-10', '06-11', '06-12', '06-13'].flatMap((move) => [
      answer('beach-club', '06-09', move, ['water-view']),
      answer('polynesian', move, '06-14', ['garden-view']),
    ])
    const splits = findSplitStays(alert, anyNight)
    expect(splits).toHaveLength(1)
    // 5 nights: 2 + 3 and 3 + 2 are as even; the earlier move wins.
    expect(splits[0]!.moveOn).toBe('2027-06-11')
    const sixNights = { ...alert, ...exactStayFields('2027-06-09', '2027-06-15') }
    const evenly = ['06-10', '06-11', '06-12', '06-13', '06-14'].flatMap((move) => [
      answer('beach-club', '06-09', move, ['water-view']),
      answer('polynesian', move, '06-15', ['garden-view']),
    ])
    expect(findSplitStays(sixNights, evenly)[0]!.moveOn).toBe('2027-06-12')
  })

  it('offers the best few of each stay that no room covers, stay by stay', () => {
    const window = { ...alert, latestCheckInDate: '2027-06-10' }
    const rooms = ['a', 'b', 'c', 'd']
    const splits = findSplitStays(window, [
      answer('beach-club', '06-09', '06-12', rooms),
      answer('beach-club', '06-12', '06-14', ['e']),
      answer('beach-club', '06-10', '06-13', rooms),
      answer('beach-club', '06-13', '06-15', ['e']),
    ])
    expect(said(splits)).toEqual([
      'beach-club:a 06-09..06-12 / beach-club:e 06-12..06-14',
      'beach-club:b 06-09..06-12 / beach-club:e 06-12..06-14',
      'beach-club:c 06-09..06-12 / beach-club:e 06-12..06-14',
      'beach-club:a 06-10..06-13 / beach-club:e 06-13..06-15',
      'beach-club:b 06-10..06-13 / beach-club:e 06-13..06-15',
      'beach-club:c 06-10..06-13 / beach-club:e 06-13..06-15',
    ])
  })
})

describe('splitOpeningKey', () => {
  it('joins both bookings’ opening keys, so a split lives while both are open', () => {
    const [split] = findSplitStays(alert, [
      answer('beach-club', '06-09', '06-12', ['water-view']),
      answer('polynesian', '06-12', '06-14', ['garden-view']),
    ])
    expect(splitOpeningKey(split!)).toBe(
      `${hotelOpeningKey('water-view', '2027-06-09', '2027-06-12')}+${hotelOpeningKey('garden-view', '2027-06-12', '2027-06-14')}`,
    )
  })
})
