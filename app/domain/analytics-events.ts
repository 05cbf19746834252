import { z } from 'zod'
import { MAX_PATH_LENGTH } from './analytics.ts'

/** The most a browser event may weigh: a path and a couple of short values fit in far less. */
export const MAX_EVENT_BYTES = 1024

// A page's path without its query; bounded, no spaces or control characters.
const path = z
  .string()
  .regex(new RegExp(`^/[^\\s?#\\u0000-\\u001f]{0,${MAX_PATH_LENGTH - 1}}$`), 'Not a page path.')
// CTA names and plan ids: short lowercase slugs, so no free text (or personal data) gets in.
const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+){0,5}$/, 'Not a name.')
  .max(40)

const event = <Name extends string, Props extends z.ZodRawShape | undefined>(
  name: Name,
  props?: Props,
) =>
  z.strictObject({
    name: z.literal(name),
    path,
    ...(props ? { props: z.strictObject(props) } : {}),
  })

/**
 * What the browser tracker may send: one schema per event, strict (no extra field, no coercion),
 * every value bounded. The server's own events are not accepted from a browser.
 */
export const browserEventSchema = z.discriminatedUnion('name', [
  event('page_view'),
  event('cta_click', { cta: slug }),
  event('view_pricing_intent_pro'),
  event('checkout_initiated', { plan: slug }),
  event('checkout_invalid_plan'),
  event('conversion', { plan: slug }),
])
export type BrowserEvent = z.output<typeof browserEventSchema>
