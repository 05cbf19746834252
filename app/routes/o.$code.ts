import type { LoaderFunctionArgs } from '@remix-run/node'
import { followShortLink } from '~/services/short-links.server'

/** GET /o/<code>: the short link in a text; records the tap and opens Disney's booking page. */
export function loader({ params }: LoaderFunctionArgs) {
  return followShortLink(params.code ?? '', 'first')
}
