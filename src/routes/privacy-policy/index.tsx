import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '../../features/content/components/document-page';
import { legalHead } from '../../features/content/components/legal-head';
import { privacyPolicy } from '../../features/content/legal';
import { t } from '../../lib/i18n';

export const Route = createFileRoute('/privacy-policy/')({
  head: () => legalHead(privacyPolicy, '/privacy-policy/'),
  component: () => <DocumentPage document={privacyPolicy} eyebrow={t('legal.eyebrow')} />,
});
