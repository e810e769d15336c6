import { useEffect, useRef } from 'react';
import { t } from '../../../lib/i18n';
import { Spinner } from '../../../ui/spinner';

/**
 * Infinite scroll that keyboard and screen-reader users can drive too: the next page loads
 * when the sentinel nears the viewport, and the same button loads it on demand.
 */
export function LoadMore({
  hasNextPage,
  isFetching,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetching: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetching) onLoadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, onLoadMore]);

  return (
    <div ref={sentinel} className="flex justify-center py-8">
      {hasNextPage ? (
        <button
          type="button"
          className="btn-secondary"
          onClick={onLoadMore}
          disabled={isFetching}
          aria-busy={isFetching}
        >
          {isFetching ? <Spinner className="h-4 w-4 border-2" /> : null}
          {isFetching ? t('projects.loadingMore') : t('projects.loadMore')}
        </button>
      ) : (
        <p className="text-sm text-ink-muted">{t('projects.end')}</p>
      )}
    </div>
  );
}
