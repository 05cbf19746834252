import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react'
import { ArticleDate, ArticleImage, TagLinks } from '~/components/blog/article-card'
import { ArticleCta, BlogProblem } from '~/components/blog/article-parts'
import { Breadcrumb } from '~/components/ui/breadcrumb'
import { socialImage } from '~/domain/blog'
import { BLOG_CACHE, BlogContentError, findArticle } from '~/utils/blog.server'
import { getLogger } from '~/utils/logger.server'
import { DEFAULT_SOCIAL_IMAGE, pageMeta, siteOrigin } from '~/utils/seo'

export async function loader({ params }: LoaderFunctionArgs) {
  const article = await findArticle(params.slug ?? '').catch((error: unknown) => {
    if (!(error instanceof BlogContentError)) throw error
    getLogger().error({ err: error }, 'blog: an article could not be read')
    throw json({ message: error.detail }, { status: 500 })
  })
  if (!article) throw json({ message: 'Post not found' }, { status: 404 })
  return json({ article }, { headers: BLOG_CACHE })
}

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return [{ title: 'Post Not Found | Disney Hotel Alerts' }]
  const { article } = args.data
  const image = socialImage(article.image) ?? DEFAULT_SOCIAL_IMAGE
  return pageMeta(args, {
    title: `${article.title} | Disney Hotel Alerts`,
    description: article.description,
    image,
    keywords: article.tags,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        dateModified: article.updated,
        author: { '@type': 'Organization', name: 'Disney Hotel Alerts' },
        image: `${siteOrigin(args.matches)}${image}`,
        mainEntityOfPage: `${siteOrigin(args.matches)}${article.url}`,
      },
    ],
  })
}

export default function BlogPost() {
  const { article } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <Breadcrumb
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'Blog', path: '/blog' },
          { name: article.title, path: `/blog/${article.slug}` },
        ]}
      />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {article.title}
      </h1>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <ArticleDate entry={article} />
        <p className="text-sm text-slate-500">By {article.author}</p>
      </div>
      <TagLinks tags={article.tags} className="mt-4" />
      <ArticleImage image={article.image} className="mt-8 rounded-2xl" />
      <div className="blog-content mt-8" dangerouslySetInnerHTML={{ __html: article.html }} />
      <ArticleCta />
    </article>
  )
}

/** Catalogue §8: a missing post and a post that failed to load both end on Post Not Found. */
export function ErrorBoundary() {
  const error = useRouteError()
  // The loader's own answers say what went wrong; anything else failed to load.
  const said: unknown = isRouteErrorResponse(error) ? error.data?.message : undefined
  return (
    <BlogProblem
      heading="Post Not Found"
      detail={typeof said === 'string' ? said : 'Failed to load post'}
    />
  )
}
