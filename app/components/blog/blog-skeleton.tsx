/** What a blog list shows while the next one loads on a client navigation. */
export function BlogSkeleton() {
  return (
    <div
      className="mx-auto max-w-6xl px-4 py-12"
      role="status"
      aria-label="Loading articles"
      data-testid="blog-skeleton"
    >
      <div className="h-9 w-2/3 max-w-md animate-pulse rounded bg-slate-200" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <div className="aspect-[40/21] animate-pulse bg-slate-200" />
            <div className="space-y-3 p-5">
              <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
              <div className="h-5 w-5/6 animate-pulse rounded bg-slate-200" />
              <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
