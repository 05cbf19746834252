import * as z from 'zod/mini'

/**
 * Refuses a value from inside a transform: adds the issue and returns z.NEVER. Schemas a browser
 * bundle can reach are written with zod/mini (decision 0012), whose transforms are handed the
 * parse payload instead of classic zod's `ctx.addIssue`.
 */
export function refuse(
  payload: z.core.ParsePayload,
  message: string,
  path: PropertyKey[] = [],
): never {
  payload.issues.push({ code: 'custom', message, path, input: payload.value })
  return z.NEVER
}
