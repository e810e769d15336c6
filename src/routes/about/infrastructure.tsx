import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '../../features/content/components/document-page';
import { loadAbout } from '../../features/content/language';
import { pageHead } from '../../lib/head';
import { getLanguage, t } from '../../lib/i18n';

export const Route = createFileRoute('/about/infrastructure')({
  staticData: { prerender: true, texts: ['legal'] },
  loaderDeps: () => ({ language: getLanguage() }),
  loader: async () => (await loadAbout()).infrastructure,
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.title, loaderData.description) : {}),
  component: Page,
});

function Page() {
  return <DocumentPage document={Route.useLoaderData()} eyebrow={t('about.eyebrow')} />;
}
