import type { Post } from '../../../domain/posts';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';

export function PostByline({ post, size = 'sm' }: { post: Post; size?: 'sm' | 'md' }) {
  const avatar = size === 'md' ? 'h-11 w-11' : 'h-8 w-8';
  return (
    <div className="flex items-center gap-3 text-sm text-ink-muted">
      {post.author.image ? (
        <img src={post.author.image} alt="" width={44} height={44} className={`${avatar} rounded-full`} />
      ) : (
        <span className={`${avatar} i-lucide-circle-user-round text-brand-300`} aria-hidden="true" />
      )}
      <p>
        <span className="font-semibold text-ink">{post.author.name}</span>
        <span className="block">
          <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time>
          <span aria-hidden="true"> · </span>
          {t('blog.readTime', { minutes: post.readTime })}
        </span>
      </p>
    </div>
  );
}
