import { BLOG_CACHE, listArticles, manifestEntry } from '~/utils/blog.server'

/** Catalogue §7: the blog list as manifest entries, newest first. */
export async function loader() {
  const entries = (await listArticles()).map(manifestEntry)
  return Response.json(entries, { headers: BLOG_CACHE })
}
