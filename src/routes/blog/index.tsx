import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PostCard } from '../../features/blog/components/post-card';
import { SavedCopyNotice } from '../../features/blog/components/saved-copy-notice';
import { postListInfiniteOptions, postListPath } from '../../features/blog/queries';
import { pageHead } from '../../lib/head';
import { t } from '../../lib/i18n';
import { Spinner } from '../../ui/spinner';

export const Route = createFileRoute('/blog/')({
  staticData: { prerender: true, texts: ['blog'] },
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(postListInfiniteOptions()),
  head: () => pageHead(t('blog.title'), t('blog.description')),
  component: BlogListPage,
});

function BlogListPage() {
  const { data, dataUpdatedAt, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useSuspenseInfiniteQuery(postListInfiniteOptions());
  const posts = data.pages.flatMap((page) => page.postPayloads);
  const sentinel = useRef<HTMLDivElement>(null);

  // The next page loads as the reader nears the end; the button below does the same by hand.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError]);

  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('blog.eyebrow')}</p>
      <h1 className="page-title mt-2">{t('blog.title')}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t('blog.intro')}</p>
      <SavedCopyNotice apiPath={postListPath()} fetchedAt={dataUpdatedAt} />

      {posts.length === 0 ? (
        <p className="card mt-8 p-6 text-ink-soft">{t('blog.empty')}</p>
      ) : (
        <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post.id} post={post} isFeatured={index === 0} />
          ))}
        </div>
      )}

      <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3" aria-live="polite">
        {isFetchingNextPage ? (
          <p className="inline-flex items-center gap-2 text-ink-muted">
            <Spinner className="h-5 w-5" /> {t('blog.loadingMore')}
          </p>
        ) : hasNextPage ? (
          <>
            {isFetchNextPageError ? <p className="text-sm text-coral-700">{t('blog.loadMoreFailed')}</p> : null}
            <button type="button" className="btn-secondary" onClick={() => void fetchNextPage()}>
              {t('blog.loadMore')}
            </button>
          </>
        ) : posts.length > 0 ? (
          <p className="text-sm text-ink-muted">{t('blog.end', { count: data.pages[0]?.totalElements ?? 0 })}</p>
        ) : null}
      </div>
    </section>
  );
}
