import type { LoaderFunctionArgs } from '@remix-run/node'
import { followShortLink } from '~/services/short-links.server'

/** GET /o/<code>/2: a split stay's second booking, the other link in its text. */
export function loader({ params }: LoaderFunctionArgs) {
  return followShortLink(params.code ?? '', 'second')
}
