import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '../../features/content/components/document-page';
import { legalHead } from '../../features/content/components/legal-head';
import { termsOfService } from '../../features/content/legal';
import { t } from '../../lib/i18n';

export const Route = createFileRoute('/legal/terms-of-service')({
  head: () => legalHead(termsOfService, '/terms-of-service/'),
  component: () => <DocumentPage document={termsOfService} eyebrow={t('legal.eyebrow')} />,
});
