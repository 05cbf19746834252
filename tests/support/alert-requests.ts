/**
 * Alerts as a client sends them: the hotel page's form, the dining alerts API's body, and the
 * alerts JSON API's calls (one route and path per kind of alert).
 */
import { catalogueResort, daysFromToday } from '../../db/factories.ts'
import { action as hotelAction, loader as hotelList } from '~/routes/api.availability-queries'
import { action as diningAction, loader as diningList } from '~/routes/api.dining-alerts'
import { getDb } from '~/utils/db.server'
import { callRoute, getRequest, jsonRequest } from './routes.ts'

/** The hotel page's form: a three-night stay at the catalogue's resort, in its first room type. */
export async function hotelFormFields(overrides: Record<string, string> = {}) {
  const { resort, rooms } = await catalogueResort(getDb())
  return {
    resortId: resort.id,
    checkInDate: daysFromToday(30),
    checkOutDate: daysFromToday(33),
    numberOfAdults: '2',
    numberOfChildren: '0',
    roomIds: rooms[0]!.id,
    ...overrides,
  }
}

/** POST /api/dining-alerts's body: a table for four at 6 PM, give or take half an hour. */
export const diningAlertBody = (overrides: Record<string, unknown> = {}) => ({
  resortLocationIdentifier: 'disney-world',
  diningLocationId: '90002464',
  reserveDate: daysFromToday(25),
  partySize: 4,
  preferredTime: '18:00:00',
  timeRangeStart: '17:30:00',
  timeRangeEnd: '18:30:00',
  status: 1,
  ...overrides,
})

const API = {
  hotel: { path: '/api/availability-queries', action: hotelAction, list: hotelList },
  dining: { path: '/api/dining-alerts', action: diningAction, list: diningList },
}

type Kind = keyof typeof API

/** An edit: the alert's fields PUT with its id. */
export function editAlert(kind: Kind, id: string, body: Record<string, unknown>, token: string) {
  const { action, path } = API[kind]
  return callRoute(action, jsonRequest(path, { id, ...body }, { token, method: 'PUT' }))
}

/** The caller's alerts of a kind, as the API lists them. */
export async function listAlerts(kind: Kind, token: string) {
  const { list, path } = API[kind]
  return (await callRoute(list, getRequest(path, { token }))).json()
}
