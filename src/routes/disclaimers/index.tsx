import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '../../features/content/components/document-page';
import { legalHead } from '../../features/content/components/legal-head';
import { disclaimers } from '../../features/content/legal';
import { t } from '../../lib/i18n';

export const Route = createFileRoute('/disclaimers/')({
  head: () => legalHead(disclaimers, '/disclaimers/'),
  component: () => <DocumentPage document={disclaimers} eyebrow={t('legal.eyebrow')} />,
});
