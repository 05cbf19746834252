/*
 * The account's settings: the profile and quiet hours (decision 0031). One schema for Settings'
 * quiet hours form (server and browser) and PUT /api/account/settings, written with zod/mini as
 * the browser loads it (decision 0012); the profile's own page keeps the profile's schema.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'
import { describeQuietHours, TIME_ZONE_IDS } from './quiet-hours'
import { profileSchema } from './profile'

export const QUIET_HOURS_MESSAGES = {
  timeZone: 'Choose your time zone.',
  time: 'Enter a time as HH:MM, like 22:00.',
  bothTimes: 'Set both times to turn quiet hours on, or neither to turn them off.',
  sameTimes: 'Quiet hours must end at another time than they start.',
  onlySettings: 'Only name, email, timeZone, quietStart and quietEnd can be changed.',
  saved: (quiet: {
    timeZone: string | null
    quietStart: string | null
    quietEnd: string | null
  }) => {
    const described = describeQuietHours(quiet)
    return described
      ? `Quiet hours are on: ${described}.`
      : 'Quiet hours are off: texts come as soon as we find an opening.'
  },
} as const

/** A local time HH:MM; empty text or null turns quiet hours off; left out, it is kept. */
const clock = z.optional(
  z.pipe(
    z.pipe(
      z.nullable(z.string({ error: QUIET_HOURS_MESSAGES.time })),
      z.transform((value: string | null) => value || null),
    ),
    z.nullable(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_HOURS_MESSAGES.time))),
  ),
)

export const accountSettingsSchema = z
  .strictObject(
    {
      ...profileSchema.shape,
      timeZone: z.optional(z.enum(TIME_ZONE_IDS, { error: QUIET_HOURS_MESSAGES.timeZone })),
      quietStart: clock,
      quietEnd: clock,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? QUIET_HOURS_MESSAGES.onlySettings : undefined,
    },
  )
  .check(
    z.superRefine(({ timeZone, quietStart: start, quietEnd: end }, ctx) => {
      // Quiet hours change as a whole: both times (on), or both null (off), or neither given.
      if (start === undefined && end === undefined) return
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message })
      if (!start !== !end) issue(start ? 'quietEnd' : 'quietStart', QUIET_HOURS_MESSAGES.bothTimes)
      else if (start && start === end) issue('quietEnd', QUIET_HOURS_MESSAGES.sameTimes)
      else if (start && !timeZone) issue('timeZone', QUIET_HOURS_MESSAGES.timeZone)
    }),
  )
export type AccountSettings = z.output<typeof accountSettingsSchema>

/**
 * Settings' quiet hours form as posted: its button's intent is the page's business, and empty
 * text stays empty (it turns quiet hours off) rather than being read as left out.
 */
export function parseQuietHoursForm(formData: FormData) {
  const fields = new FormData()
  for (const [name, value] of formData) if (name !== 'intent') fields.append(name, value)
  return parseWithZod(fields, { schema: accountSettingsSchema, disableAutoCoercion: true })
}
