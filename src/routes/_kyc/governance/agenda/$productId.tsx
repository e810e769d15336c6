import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { ProjectPlaceholder } from '../../-components/project-placeholder';

export const Route = createFileRoute('/_kyc/governance/agenda/$productId')({
  head: () => pageHead(t('governance.agendas.title')),
  component: Page,
});

function Page() {
  const { productId } = Route.useParams();
  return (
    <ProjectPlaceholder productId={productId} title={t('governance.agendas.title')}>
      <p>{t('governance.agendas.what')}</p>
      <p>{t('governance.opensSoon')}</p>
    </ProjectPlaceholder>
  );
}
