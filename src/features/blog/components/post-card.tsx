import { Link } from '@tanstack/react-router';
import type { Post } from '../../../domain/posts';
import { PostByline } from './post-byline';

export function PostCard({ post, isFeatured = false }: { post: Post; isFeatured?: boolean }) {
  return (
    <article
      className={`card group relative flex flex-col overflow-hidden ${isFeatured ? 'md:col-span-2 lg:col-span-3 lg:flex-row' : ''}`}
    >
      <div className={`aspect-[40/21] overflow-hidden bg-brand-50 ${isFeatured ? 'lg:w-3/5 lg:shrink-0' : ''}`}>
        {post.thumbnail ? (
          <img
            src={post.thumbnail}
            alt=""
            width={1200}
            height={630}
            loading={isFeatured ? 'eager' : 'lazy'}
            className="h-full w-full object-cover motion-safe:transition-transform motion-safe:duration-slow group-hover:scale-[1.02]"
          />
        ) : null}
      </div>
      <div className={`flex flex-1 flex-col gap-3 p-5 ${isFeatured ? 'lg:justify-center lg:p-8' : ''}`}>
        <h2 className={`font-bold text-ink ${isFeatured ? 'text-2xl sm:text-3xl' : 'text-lg'}`}>
          {/* The whole card is the link's target area; the heading carries the name. */}
          <Link
            to="/blog/$urlTitle"
            params={{ urlTitle: post.urlTitle }}
            className="focus-ring rounded-sm after:absolute after:inset-0 after:content-empty hover:text-brand-700"
          >
            {post.title}
          </Link>
        </h2>
        <p className="text-ink-soft">{post.subTitle}</p>
        <div className="mt-auto pt-2">
          <PostByline post={post} />
        </div>
      </div>
    </article>
  );
}
