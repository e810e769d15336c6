import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { aboutProducts, isAboutProduct } from '../../domain/about';
import { loadAbout } from '../../features/content/language';
import { DocumentPage } from '../../features/content/components/document-page';
import { pageHead } from '../../lib/head';
import { getLanguage, t } from '../../lib/i18n';
import { NotFoundPage } from '../-components/not-found-page';

export const Route = createFileRoute('/about/$product')({
  staticData: { prerender: true, texts: ['legal'] },
  loaderDeps: () => ({ language: getLanguage() }),
  loader: async ({ params }) => {
    if (!isAboutProduct(params.product)) throw notFound();
    const { aboutStories, infrastructure } = await loadAbout();
    return { product: params.product, aboutStories, infrastructure };
  },
  head: ({ loaderData }) => {
    const story = loaderData ? loaderData.aboutStories[loaderData.product] : null;
    return story ? pageHead(story.title, story.description) : pageHead(t('notFound.title'));
  },
  notFoundComponent: NotFoundPage,
  component: AboutPage,
});

function AboutPage() {
  const { product, aboutStories, infrastructure } = Route.useLoaderData();
  const others = aboutProducts.filter((slug) => slug !== product);
  return (
    <DocumentPage
      document={aboutStories[product]}
      eyebrow={t('about.eyebrow')}
      aside={
        <div className="mt-8">
          <h2 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{t('about.others')}</h2>
          <ul className="mt-3 space-y-1">
            {others.map((slug) => (
              <li key={slug}>
                <Link
                  to="/about/$product"
                  params={{ product: slug }}
                  className="focus-ring flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-ink-soft hover:(bg-brand-50 text-brand-900)"
                >
                  <span className={`${aboutStories[slug].icon} text-coral-700`} aria-hidden="true" />
                  {aboutStories[slug].short}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/about/infrastructure"
                className="focus-ring flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-ink-soft hover:(bg-brand-50 text-brand-900)"
              >
                <span className="i-lucide-landmark text-coral-700" aria-hidden="true" />
                {infrastructure.title}
              </Link>
            </li>
          </ul>
        </div>
      }
    />
  );
}
