import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountPlaceholder } from './-components/account-placeholder';

export const Route = createFileRoute('/_authenticated/account/documents')({
  head: () => pageHead(t('account.documents.title')),
  component: Page,
});

function Page() {
  return (
    <AccountPlaceholder title={t('account.documents.title')}>
      <p>{t('account.documents.what')}</p>
      <p>{t('account.documents.when')}</p>
    </AccountPlaceholder>
  );
}
