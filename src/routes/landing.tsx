import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PostCard } from '../features/blog/components/post-card';
import { postListInfiniteOptions } from '../features/blog/queries';
import { aboutStories } from '../features/content/about';
import { loadLanding } from '../features/content/language';
import { pageHead } from '../lib/head';
import { awaitWhenServed } from '../lib/prerendered';
import { getLanguage } from '../lib/i18n';
import { StepList } from '../ui/step-list';

export const Route = createFileRoute('/landing')({
  staticData: { prerender: true, texts: ['blog'] },
  loaderDeps: () => ({ language: getLanguage() }),
  loader: async ({ context }) => {
    // The latest posts fill in when they arrive (LatestPosts); a served page has them.
    const posts = awaitWhenServed(context.queryClient.prefetchInfiniteQuery(postListInfiniteOptions()));
    const text = await loadLanding();
    await posts;
    return text;
  },
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.title, loaderData.lead) : {}),
  component: LandingPage,
});

function LatestPosts({ title, link }: { title: string; link: string }) {
  // The landing page never waits for the blog: it shows the posts when (and if) they arrive.
  const { data } = useInfiniteQuery(postListInfiniteOptions());
  const posts = data?.pages[0]?.postPayloads ?? [];
  if (!posts.length) return null;
  return (
    <section aria-labelledby="landing-blog" className="container py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="landing-blog" className="text-2xl font-bold text-ink sm:text-3xl">
          {title}
        </h2>
        <Link to="/blog/" className="text-link text-sm font-semibold">
          {link}
        </Link>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {posts.slice(0, 3).map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </section>
  );
}

function LandingPage() {
  const landing = Route.useLoaderData();
  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="container py-14 sm:py-20">
          <p className="text-xs font-bold uppercase tracking-[0.14em] text-coral-200">{landing.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            {landing.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">{landing.lead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/projects" className="btn-accent">
              {landing.primary}
              <span className="i-lucide-arrow-right" aria-hidden="true" />
            </Link>
            <Link
              to="/about/infrastructure"
              className="btn bg-transparent text-white ring-1 ring-inset ring-white/60 hover:bg-white/10"
            >
              {landing.secondary}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="landing-themes" className="container py-12">
        <h2 id="landing-themes" className="text-2xl font-bold text-ink sm:text-3xl">
          {landing.themesTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {landing.themes.map((theme) => (
            <li key={theme.slug} className="card relative p-5">
              <span className={`${aboutStories[theme.slug].icon} text-2xl text-coral-600`} aria-hidden="true" />
              <h3 className="mt-3 font-bold text-ink">
                <Link
                  to="/about/$product"
                  params={{ product: theme.slug }}
                  className="focus-ring rounded-sm after:absolute after:inset-0 after:content-empty hover:text-brand-700"
                >
                  {theme.title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-ink-soft">{theme.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="landing-trust" className="bg-white py-12">
        <div className="container">
          <h2 id="landing-trust" className="text-2xl font-bold text-ink sm:text-3xl">
            {landing.trustTitle}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {landing.trust.map((item) => (
              <li key={item.title}>
                <span
                  className="grid h-11 w-11 place-items-center rounded-full bg-jade-50 text-xl text-jade-700"
                  aria-hidden="true"
                >
                  <span className={item.icon} />
                </span>
                <h3 className="mt-3 font-bold text-ink">{item.title}</h3>
                <p className="mt-1 text-sm text-ink-soft">{item.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="landing-steps" className="container py-12">
        <h2 id="landing-steps" className="text-2xl font-bold text-ink sm:text-3xl">
          {landing.stepsTitle}
        </h2>
        <StepList steps={landing.steps} columnsClassName="md:grid-cols-4" />
      </section>

      <LatestPosts title={landing.blogTitle} link={landing.blogLink} />

      <section className="container py-12">
        <div className="card flex flex-col items-start gap-4 bg-coral-50 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold text-ink">{landing.ctaTitle}</h2>
            <p className="mt-2 text-ink-soft">{landing.ctaBody}</p>
            <p className="mt-2 text-sm text-ink-muted">
              <Link to="/disclaimers/" className="text-link">
                {landing.riskNote}
              </Link>
            </p>
          </div>
          <Link to="/projects" className="btn-primary shrink-0">
            {landing.primary}
          </Link>
        </div>
      </section>
    </>
  );
}
