import { PAGE_COPY } from '~/utils/http.server'
import { robotsTxt } from '~/domain/site-pages'
import { getEnv } from '~/env.server'

export function loader() {
  return new Response(robotsTxt(getEnv().appUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      ...PAGE_COPY,
    },
  })
}
