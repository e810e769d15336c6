import { createFileRoute } from '@tanstack/react-router';
import { infrastructure } from '../../features/content/about';
import { DocumentPage } from '../../features/content/components/document-page';
import { pageHead } from '../../lib/head';
import { t } from '../../lib/i18n';

export const Route = createFileRoute('/about/infrastructure')({
  head: () => pageHead(infrastructure.title, infrastructure.description),
  component: () => <DocumentPage document={infrastructure} eyebrow={t('about.eyebrow')} />,
});
