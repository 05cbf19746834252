import { getEnv } from '~/env.server'
import { BLOG_CACHE, listArticles, rssFeed } from '~/utils/blog.server'

export async function loader() {
  return new Response(rssFeed(await listArticles(), getEnv().appUrl), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', ...BLOG_CACHE },
  })
}
