import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { PostByline } from '../../features/blog/components/post-byline';
import { PostContent } from '../../features/blog/components/post-content';
import { SavedCopyNotice } from '../../features/blog/components/saved-copy-notice';
import { postDetailOptions, postPath } from '../../features/blog/queries';
import { canonicalLink } from '../../lib/canonical';
import { pageHead } from '../../lib/head';
import { t } from '../../lib/i18n';
import { RequestError } from '../../lib/request-error';
import { NotFoundPage } from '../-components/not-found-page';

export const Route = createFileRoute('/blog/$urlTitle')({
  staticData: { prerender: true, texts: ['blog'] },
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(postDetailOptions(params.urlTitle));
    } catch (error) {
      // A malformed address is as missing as an unknown one.
      if (error instanceof RequestError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData, params }) => {
    if (!loaderData) return pageHead(t('blog.title'));
    const description = loaderData.description;
    const head = pageHead(loaderData.title, description);
    return {
      meta: [
        ...head.meta,
        { property: 'og:type', content: 'article' },
        { property: 'og:title', content: loaderData.title },
        { property: 'og:description', content: description },
      ],
      links: [canonicalLink(`/blog/${params.urlTitle}`)],
    };
  },
  notFoundComponent: NotFoundPage,
  component: PostPage,
});

function PostPage() {
  const { urlTitle } = Route.useParams();
  const { data: post, dataUpdatedAt } = useSuspenseQuery(postDetailOptions(urlTitle));
  return (
    <article className="pb-8">
      <header className="container max-w-3xl pt-8 sm:pt-12">
        <Link to="/blog/" className="text-link inline-flex items-center gap-1 text-sm font-semibold">
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {t('blog.back')}
        </Link>
        <h1 className="page-title mt-6 text-balance">{post.title}</h1>
        <p className="mt-3 text-lg text-ink-soft sm:text-xl">{post.subTitle}</p>
        <div className="mt-6">
          <PostByline post={post} size="md" />
        </div>
        <SavedCopyNotice apiPath={postPath(urlTitle)} fetchedAt={dataUpdatedAt} />
      </header>
      {post.thumbnail ? (
        <div className="container mt-8 max-w-4xl">
          <img
            src={post.thumbnail}
            alt=""
            width={1200}
            height={630}
            // The post's largest paint: asked for first, with the HTML when the page is served rendered.
            fetchPriority="high"
            className="aspect-[40/21] w-full rounded-xl object-cover shadow-card"
          />
        </div>
      ) : null}
      <div className="container mt-8 max-w-3xl">
        <PostContent html={post.content} />
        <footer className="mt-12 border-t border-line pt-6">
          <Link to="/blog/" className="btn-secondary">
            <span className="i-lucide-newspaper" aria-hidden="true" />
            {t('blog.more')}
          </Link>
        </footer>
      </div>
    </article>
  );
}
