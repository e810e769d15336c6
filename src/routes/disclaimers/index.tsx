import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '../../features/content/components/document-page';
import { legalHead } from '../../features/content/components/legal-head';
import { loadLegal } from '../../features/content/language';
import { getLanguage, t } from '../../lib/i18n';

export const Route = createFileRoute('/disclaimers/')({
  staticData: { prerender: true, texts: ['legal'] },
  loaderDeps: () => ({ language: getLanguage() }),
  loader: async () => (await loadLegal()).disclaimers,
  head: ({ loaderData }) => (loaderData ? legalHead(loaderData, '/disclaimers/') : {}),
  component: Page,
});

function Page() {
  return <DocumentPage document={Route.useLoaderData()} eyebrow={t('legal.eyebrow')} />;
}
