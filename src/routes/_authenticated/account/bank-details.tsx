import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { AccountPlaceholder } from './-components/account-placeholder';

export const Route = createFileRoute('/_authenticated/account/bank-details')({
  head: () => pageHead(t('account.bankDetails.title')),
  component: Page,
});

function Page() {
  return (
    <AccountPlaceholder title={t('account.bankDetails.title')}>
      <p>{t('account.bankDetails.what')}</p>
      <p>{t('account.bankDetails.when')}</p>
    </AccountPlaceholder>
  );
}
