/*
 * A travel agent's clients in Settings (issue 31, decision 0035): the pages' words, and the
 * client form's parsing with clientSchema, the JSON API's schema, in the browser and the action.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { ClientConsent } from '../../db/schema.ts'
import { clientSchema } from './client'
import type { PhoneCheck } from './login-schema'

/** A client's consent as the agent reads it. */
export const CONSENT_WORDS: Record<ClientConsent, string> = {
  none: 'Not asked yet',
  asked: 'Asked — waiting for YES',
  agreed: 'Agreed to texts',
  stopped: 'Replied STOP',
}

export const CLIENT_SETTINGS_MESSAGES = {
  added: (name: string) => `${name} is added to your clients.`,
  askLink: (name: string) => `Ask ${name} to agree to texts`,
  saved: (name: string) => `${name} is saved.`,
  phoneChanged: (name: string) =>
    `${name} is saved with a new mobile number, so their consent starts over: until they reply YES to a new request, their alerts text only you.`,
  deleted: (name: string, alerts: number) =>
    alerts === 0 ? `${name} is deleted.` : `${name} is deleted. ${alertsStay(alerts)}`,
  deleteQuestion: (name: string, alerts: number) =>
    `Delete ${name}? ${alerts === 0 ? 'They have no alerts.' : alertsStay(alerts)} This cannot be undone.`,
  unknownIntent: 'Unknown action.',
} as const

/** What becomes of a deleted client's alerts: "Their 2 alerts stay yours and text only you." */
function alertsStay(alerts: number): string {
  return alerts === 1
    ? 'Their alert stays yours and texts only you.'
    : `Their ${alerts} alerts stay yours and text only you.`
}

/** "No alerts", "1 alert", "3 alerts". */
export function alertsText(count: number): string {
  if (count === 0) return 'No alerts'
  return count === 1 ? '1 alert' : `${count} alerts`
}

/** The plan's client limit in words: "3 of 40 clients". */
export function clientCountText(count: number, limit: number): string {
  return `${count} of ${limit} client${limit === 1 ? '' : 's'}`
}

/**
 * In the browser a mobile number goes through as typed: whether it can be dialled takes
 * libphonenumber's metadata, which stays on the server (as on /login). The action checks it with
 * `normalizePhoneNumber` and answers beside the field.
 */
export const numberAsTyped: PhoneCheck = (typed) => typed

/**
 * The client form (add and edit) as posted: clientSchema, an emptied field clearing it as in the
 * API. Other fields (the intent) are not the client's and are left out.
 */
export const parseClientForm = (formData: FormData, checkPhone: PhoneCheck) =>
  parseWithZod(formData, { schema: clientSchema(checkPhone), disableAutoCoercion: true })
