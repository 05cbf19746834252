import type { LoaderFunctionArgs } from '@remix-run/node'
import { renderToStaticMarkup } from 'react-dom/server'
import { getEnv } from '~/env.server'
import { BLOG_CACHE, findArticle } from '~/utils/blog.server'

/**
 * Catalogue §7: the article as a plain HTML document whose body is the element of class
 * blog-content, the form the spec's client reads. Its canonical URL is the article page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const article = await findArticle(params.slug ?? '')
  const page = article ? (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{article.title}</title>
        <link rel="canonical" href={`${getEnv().appUrl}${article.url}`} />
      </head>
      <body>
        <article>
          <h1>{article.title}</h1>
          <div className="blog-content" dangerouslySetInnerHTML={{ __html: article.html }} />
        </article>
      </body>
    </html>
  ) : (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Post not found</title>
      </head>
      <body>
        <p>Post not found</p>
      </body>
    </html>
  )
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(page)}`, {
    status: article ? 200 : 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...(article && BLOG_CACHE) },
  })
}
